package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.PluginJarBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The launcher's commands run in-process against a temporary installation and a local fake endpoint. */
class LauncherTest {
    @TempDir
    Path home;

    private final MockWebServer server = new MockWebServer();
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        server.start(0);
        Files.createDirectories(home.resolve("plugins"));
        env.put("AGENTLOOP_CONFIG", home.resolve("user.yaml").toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
        Files.writeString(home.resolve("user.yaml"), "{}\n");
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    private int run(String... args) {
        return Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    /** Points the openai provider at the fake endpoint through the installation's configuration file. */
    private void useFakeOpenAi() throws IOException {
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/agentloop.yaml"), "providers:\n  openai:\n    base-url: "
                + server.url("/v1") + "\n    api-key: sk-test-key-123456\n");
    }

    private void installShoutPlugin() {
        PluginJarBuilder.plugin("shout-tools").version("2.1.0").provides(Tool.class, ShoutTool.class)
                .writeTo(home.resolve("plugins"));
    }

    @Test
    void aPluginsDecisionPolicyIsUsedWhenChosen() throws Exception {
        useFakeOpenAi();
        installShoutPlugin();
        PluginJarBuilder.plugin("one-turn").provides(io.agentloop.api.run.DecisionPolicy.class, FirstToolTurnOnly.class)
                .writeTo(home.resolve("plugins"));
        Files.writeString(home.resolve("conf/agentloop.yaml"), Files.readString(home.resolve("conf/agentloop.yaml"))
                + "run:\n  decision-policy: first-tool-turn\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "shout", "{\"text\":\"hello\"}"));
        server.enqueue(FakeOpenAi.answer("never asked for"));

        assertThat(run("run", "Shout hello")).as(err.toString()).isZero();

        assertThat(out.toString()).containsPattern(ToolLine.closing("shout", "ok -> HELLO")).contains("-- COMPLETED ANSWERED in 1 iterations")
                .doesNotContain("never asked for");
        assertThat(server.getRequestCount()).as("the standard policy would have asked the model again").isEqualTo(1);
    }

    @Test
    void aPluginsFormatterIsUsedWhenChosenForTheProvider() throws Exception {
        useFakeOpenAi();
        installShoutPlugin();
        PluginJarBuilder.plugin("react-format").provides(io.agentloop.api.format.Formatter.class, ActionFormatter.class)
                .writeTo(home.resolve("plugins"));
        Files.writeString(home.resolve("conf/agentloop.yaml"), Files.readString(home.resolve("conf/agentloop.yaml"))
                + "    formatter: action\n");
        server.enqueue(FakeOpenAi.answer("I will shout.\nAction: shout {\"text\":\"hello\"}"));
        server.enqueue(FakeOpenAi.answer("The tool says HELLO."));

        assertThat(run("run", "Shout hello")).as(err + "\n" + out).isZero();

        assertThat(out.toString()).containsPattern(ToolLine.closing("shout", "ok -> HELLO")).contains("The tool says HELLO.")
                .contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)");
        JsonMapper json = JsonMapper.builder().build();
        JsonNode first = json.readTree(server.takeRequest().getBody().utf8());
        JsonNode second = json.readTree(server.takeRequest().getBody().utf8());
        assertThat(first.has("tools")).as("the formatter writes the tools as text").isFalse();
        assertThat(first.at("/messages/0/content").asString()).startsWith("To use a tool write a line 'Action: ")
                .endsWith(" shout");
        assertThat(second.path("messages")).extracting(m -> m.path("content").asString())
                .containsSubsequence("Shout hello", "I will shout.\nAction: shout {\"text\":\"hello\"}",
                        "Observation: HELLO");

        Files.writeString(home.resolve("conf/agentloop.yaml"), Files.readString(home.resolve("conf/agentloop.yaml"))
                .replace("formatter: action", "formatter: acton"));
        assertThat(run("run", "Shout hello")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("there is no formatter 'acton' (providers.openai.formatter); there are: ")
                .contains("action").contains("native").contains("text");
    }

    @Test
    void aPluginsShortTermMemoryDecidesWhatTheModelIsSentWhileTheSessionKeepsEverything() throws Exception {
        useFakeOpenAi();
        PluginJarBuilder.plugin("latest-turn").provides(io.agentloop.api.memory.Memory.class, LatestTurnOnly.class)
                .writeTo(home.resolve("plugins"));
        Files.writeString(home.resolve("conf/agentloop.yaml"), Files.readString(home.resolve("conf/agentloop.yaml"))
                + "memory:\n  short-term: latest-turn\nrun:\n  system: Be brief.\n");
        server.enqueue(FakeOpenAi.answer("Paris."));
        server.enqueue(FakeOpenAi.answer("I do not know which place you mean."));

        assertThat(run("run", "Capital of France?")).as(err.toString()).isZero();
        assertThat(run("run", "--continue", "How many people live there?")).as(err.toString()).isZero();

        server.takeRequest();
        JsonNode second = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        assertThat(second.path("messages")).extracting(m -> m.path("content").asString())
                .containsExactly("Be brief.", "How many people live there?");
        out.getBuffer().setLength(0);
        assertThat(run("sessions")).isZero();
        assertThat(out.toString()).as("the session keeps what the memory left out").contains("5 messages");

        Files.writeString(home.resolve("conf/agentloop.yaml"), Files.readString(home.resolve("conf/agentloop.yaml"))
                .replace("short-term: latest-turn", "short-term: latest"));
        assertThat(run("run", "x")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("there is no short-term memory 'latest' (memory.short-term); there are: ")
                .contains("in-memory").contains("latest-turn");
    }

    @Test
    void aPluginsLongTermMemoryIsRecalledWhenChosen() throws Exception {
        useFakeOpenAi();
        PluginJarBuilder.plugin("team-notes").provides(io.agentloop.api.memory.LongTermMemory.class, TeamNotes.class)
                .writeTo(home.resolve("plugins"));
        Files.writeString(home.resolve("user.yaml"), "memory:\n  enabled: true\n  store: team-notes\n");
        server.enqueue(FakeOpenAi.answer("On Tuesday."));

        assertThat(run("run", "When is the next deploy?")).as(err.toString()).isZero();

        // the body is JSON: the record's quotes and line breaks arrive escaped
        assertThat(server.takeRequest().getBody().utf8()).contains("<memory-records>\\n<record id=\\\"deploys\\\" "
                + "saved=\\\"2026-01-01T00:00:00Z\\\" author=\\\"unknown\\\" trusted=\\\"no\\\">\\n"
                + "Deploys happen on Tuesdays at 14:00 UTC.\\n</record>\\n</memory-records>");
        out.getBuffer().setLength(0);
        assertThat(run("memory", "search", "deploy")).isZero();
        assertThat(out.toString()).contains("deploys  Deploys happen on Tuesdays at 14:00 UTC.  [deploy]\n"
                + "    saved 2026-01-01T00:00:00Z, provenance unknown");
        assertThat(run("memory", "list")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("the store 'team-notes' cannot list its notes");
        err.getBuffer().setLength(0);
        assertThat(run("memory", "add", "Freeze on Fridays")).isEqualTo(Launcher.NO_ANSWER);
        assertThat(err.toString().strip()).isEqualTo("agentloop memory: the store 'team-notes' (memory.store) could "
                + "not remember the note: team notes are read-only");

        Files.writeString(home.resolve("user.yaml"), "memory:\n  enabled: true\n  store: team-note\n");
        assertThat(run("run", "When is the next deploy?")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("there is no long-term memory 'team-note' (memory.store); there are: "
                + "file, team-notes");
    }

    @Test
    void withoutAutoSaveAnAnsweredRunLeavesNoNote() throws Exception {
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.answer("The staging database listens on port 5433."));

        assertThat(run("run", "Which port does the staging database use?")).as(err.toString()).isZero();

        out.getBuffer().setLength(0);
        assertThat(run("memory", "list")).isZero();
        assertThat(out.toString()).contains("No notes yet").doesNotContain("Asked:");
    }

    @Test
    void withAutoSaveAnAnsweredRunLeavesANoteInTheStore() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "memory:\n  auto-save: true\n");
        server.enqueue(FakeOpenAi.answer("The staging database listens on port 5433."));

        assertThat(run("run", "Which port does the staging database use?")).as(err.toString()).isZero();

        assertThat(server.takeRequest().getBody().utf8()).as("saving is not recalling")
                .doesNotContain("memory-records").doesNotContain("long-term memory");
        out.getBuffer().setLength(0);
        assertThat(run("memory", "list")).isZero();
        assertThat(out.toString()).contains("Asked: Which port does the staging database use?")
                .contains("Answered: The staging database listens on port 5433.")
                .containsPattern("run-\\S+  Asked")
                .containsPattern("saved \\S+ from run \\S+ of session \\S+, no outside content in its context: trusted");
    }

    @Test
    void skillsInTheWorkspaceAreOfferedAndAMalformedOneIsAProblemLine() throws Exception {
        useFakeOpenAi();
        Path workspace = Files.createDirectories(home.resolve("project"));
        Path skill = Files.createDirectories(workspace.resolve(".agentloop/skills/release-notes"));
        Files.writeString(skill.resolve("SKILL.md"), "---\nname: release-notes\ndescription: Writes release notes "
                + "from the changes.\n---\nGroup the changes by kind; one line each.\n");
        Files.writeString(Files.createDirectories(workspace.resolve(".agentloop/skills/draft")).resolve("SKILL.md"),
                "no front matter\n");
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\n");
        Files.writeString(Files.createDirectories(home.resolve("skills/house-style")).resolve("SKILL.md"),
                "---\nname: house-style\ndescription: How this user likes prose.\n---\nShort sentences.\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "skill", "{\"name\":\"release-notes\"}"));
        server.enqueue(FakeOpenAi.answer("Notes written."));

        assertThat(run("run", "Write the release notes")).as(err.toString()).isZero();

        assertThat(err.toString()).contains("agentloop: skill " + workspace.resolve(".agentloop/skills/draft/SKILL.md")
                + " has no front matter");
        String first = server.takeRequest().getBody().utf8();
        assertThat(first).contains("- release-notes: Writes release notes from the changes.")
                .as("the user's config folder's skills too").contains("- house-style: How this user likes prose.")
                .doesNotContain("Group the changes by kind").doesNotContain("Short sentences.");
        assertThat(server.takeRequest().getBody().utf8()).contains("Group the changes by kind; one line each.");
    }

    /** A workspace with one skill and a configuration with one sub-agent: the agent is offered skill and task. */
    private void configureASkillAndASubAgent() throws IOException {
        Path workspace = Files.createDirectories(home.resolve("project"));
        Files.writeString(Files.createDirectories(workspace.resolve(".agentloop/skills/release-notes"))
                .resolve("SKILL.md"), "---\nname: release-notes\ndescription: Writes release notes.\n---\nGroup them.\n");
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\nagents:\n  researcher:\n"
                + "    description: Finds facts in the files.\n    tools: [read]\n");
    }

    @Test
    void theDefaultSystemPromptListsEveryToolTheAgentIsOfferedWithItsWholeFirstSentence() throws Exception {
        useFakeOpenAi();
        configureASkillAndASubAgent();
        server.enqueue(FakeOpenAi.answer("Nothing to do."));

        assertThat(run("run", "Look around")).as(err.toString()).isZero();

        JsonNode request = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        String system = request.at("/messages/0/content").asString();
        List<String> offered = request.path("tools").valueStream().map(t -> t.path("function").path("name").asString())
                .toList();
        assertThat(offered).contains("task", "skill", "glob");
        assertThat(offered).allSatisfy(name -> assertThat(system).as("the prompt lists " + name)
                .contains("\n- " + name + ": "));
        assertThat(system).as("a sentence does not end at an abbreviation")
                .contains("\n- glob: Find files by name pattern, e.g. **/*.java or src/**/Test*.kt.\n")
                .contains("\n- task: Hands a task to a sub-agent and returns its answer.\n");
    }

    @Test
    void toolsListsTheSkillAndTaskToolsWhenTheConfigurationGivesSkillsAndSubAgents() throws Exception {
        configureASkillAndASubAgent();

        assertThat(run("tools")).as(err.toString()).isZero();

        assertThat(out.toString().lines()).anySatisfy(line -> assertThat(line).startsWith("task ")
                .contains("Hands a task to a sub-agent"));
        assertThat(out.toString().lines()).anySatisfy(line -> assertThat(line).startsWith("skill ")
                .contains("Loads a skill's instructions"));
    }

    @Test
    void subAgentsFromTheConfigurationTakeTasksWithTheirOwnPromptAndTools() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "agents:\n  researcher:\n    description: Finds facts in the "
                + "files.\n    system: You research and answer briefly.\n    tools: [read, grep]\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "task", "{\"agent\":\"researcher\",\"task\":\"Which port?\"}"));
        server.enqueue(FakeOpenAi.answer("Port 5433."));
        server.enqueue(FakeOpenAi.answer("The researcher says port 5433."));

        assertThat(run("run", "Ask the researcher which port")).as(err.toString()).isZero();

        assertThat(out.toString()).containsPattern(ToolLine.closing("task", "ok -> Port 5433.")).contains("The researcher says port 5433.");
        JsonMapper json = JsonMapper.builder().build();
        JsonNode parent = json.readTree(server.takeRequest().getBody().utf8());
        assertThat(parent.path("tools")).extracting(t -> t.path("function").path("name").asString()).contains("task");
        assertThat(parent.toString()).contains("- researcher: Finds facts in the files.");
        JsonNode child = json.readTree(server.takeRequest().getBody().utf8());
        assertThat(child.at("/messages/0/content").asString()).isEqualTo("You research and answer briefly.");
        assertThat(child.at("/messages/1/content").asString()).isEqualTo("Which port?");
        assertThat(child.path("tools")).extracting(t -> t.path("function").path("name").asString())
                .as("exactly the tools it was given").containsExactly("read", "grep");

        server.enqueue(FakeOpenAi.toolCall("call_2", "task", "{\"agent\":\"researcher\",\"task\":\"Which host?\"}"));
        server.enqueue(FakeOpenAi.answer("db.internal"));
        server.enqueue(FakeOpenAi.answer("The host is db.internal."));
        out.getBuffer().setLength(0);
        assertThat(run("run", "--json", "Ask the researcher which host")).as(err.toString()).isZero();
        List<JsonNode> lines = out.toString().lines().map(json::readTree).toList();
        assertThat(lines).filteredOn(l -> !l.path("type").asString().equals("session"))
                .allSatisfy(l -> assertThat(l.path("agent").asString()).isEqualTo("agent"));
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("sub_agent")).isNotEmpty()
                .allSatisfy(l -> {
                    assertThat(l.path("event").path("agent").asString()).isEqualTo("researcher");
                    assertThat(l.path("parent_run_id").asString()).startsWith("run-");
                })
                .anySatisfy(l -> assertThat(l.path("event").path("type").asString()).isEqualTo("text_delta"));

        Files.writeString(home.resolve("user.yaml"), "agents:\n  researcher:\n    description: x\n    tools: [raed]\n");
        assertThat(run("run", "x")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("agents.researcher.tools names 'raed', which is not one of the agent's tools");
    }

    @Test
    void aPluginsSkillsAreOfferedAndLoadedFromItsJar() throws Exception {
        useFakeOpenAi();
        PluginJarBuilder.plugin("release-kit").withEntry("skills/changelog/SKILL.md", "---\nname: changelog\n"
                + "description: Writes a changelog entry.\n---\nOne line per change, newest first.\n")
                .writeTo(home.resolve("plugins"));
        server.enqueue(FakeOpenAi.toolCall("call_1", "skill", "{\"name\":\"changelog\"}"));
        server.enqueue(FakeOpenAi.answer("Entry written."));

        assertThat(run("run", "--no-session", "Write the changelog")).as(err.toString()).isZero();

        assertThat(server.takeRequest().getBody().utf8()).contains("- changelog: Writes a changelog entry.")
                .doesNotContain("newest first");
        assertThat(server.takeRequest().getBody().utf8()).contains("One line per change, newest first.");
    }

    @Test
    void aPluginsRetryClassifierIsUsedWhenChosen() throws Exception {
        useFakeOpenAi();
        PluginJarBuilder.plugin("gateway-retries").provides(io.agentloop.api.model.RetryClassifier.class,
                GatewayRetries.class).writeTo(home.resolve("plugins"));
        String restarting = "{\"error\":{\"message\":\"backend restarting\",\"type\":\"invalid_request_error\"}}";
        server.enqueue(new mockwebserver3.MockResponse.Builder().code(400).body(restarting).build());

        assertThat(run("run", "Capital of France?")).as("standard: a 400 is final").isEqualTo(Launcher.NO_ANSWER);

        server.enqueue(new mockwebserver3.MockResponse.Builder().code(400).body(restarting).build());
        server.enqueue(FakeOpenAi.answer("Paris."));
        Files.writeString(home.resolve("conf/agentloop.yaml"), Files.readString(home.resolve("conf/agentloop.yaml"))
                + "run:\n  retry-classifier: gateway\n  retry-delay: 10ms\n");
        out.getBuffer().setLength(0);
        assertThat(run("run", "Capital of France?")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Paris.");

        Files.writeString(home.resolve("conf/agentloop.yaml"), Files.readString(home.resolve("conf/agentloop.yaml"))
                .replace("retry-classifier: gateway", "retry-classifier: gatewya"));
        assertThat(run("run", "Capital of France?")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("there is no retry classifier 'gatewya' (run.retry-classifier); there are: ")
                .contains("gateway").contains("standard");
    }

    @Test
    void theOfflineExampleRunsTheLoop() {
        int exit = run("run", "--example");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("[tool] word_count {\"text\":\"the quick brown fox jumps over the lazy dog\"}")
                .containsPattern(ToolLine.closing("word_count", "ok -> 9"))
                .contains("The text has 9 words.")
                .contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)");
    }

    @Test
    void withoutAProviderRunSaysWhatToSet() {
        int exit = run("run", "hello");

        assertThat(exit).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("no model provider is configured")
                .contains("--provider and --model").contains("AGENTLOOP_PROVIDER and AGENTLOOP_MODEL")
                .contains("openai, anthropic, gemini, ollama, openai-responses");
    }

    @Test
    void runStreamsTheAnswerShowsToolCallsAndEndsWithUsage() throws Exception {
        installShoutPlugin();
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.toolCall("call_1", "shout", "{\"text\":\"hello\"}"));
        server.enqueue(FakeOpenAi.answer("The tool ", "says ", "HELLO."));

        int exit = run("run", "Shout", "hello");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("> Shout hello")
                .contains("[tool] shout {\"text\":\"hello\"}")
                .containsPattern(ToolLine.closing("shout", "ok -> HELLO"))
                .contains("The tool says HELLO.")
                .contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)")
                .contains("tokens in 120, out 15");
        JsonNode firstRequest = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        assertThat(firstRequest.path("tools")).extracting(t -> t.path("function").path("name").asString())
                .containsExactly("read", "write", "edit", "list", "glob", "grep", "bash", "python", "system_info", "batch",
                        "todo", "shout");
        assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer sk-test-key-123456");
    }

    @Test
    void everyRunIsASessionThatCanBeListedShownContinuedForkedAndDeleted() throws Exception {
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.answer("Paris."));
        server.enqueue(FakeOpenAi.answer("About 2.1 million."));

        assertThat(run("run", "Capital of France?")).isZero();
        String id = out.toString().lines().filter(l -> l.startsWith("-- session ")).findFirst().orElseThrow()
                .split(" ")[2].replace(":", "");
        out.getBuffer().setLength(0);
        assertThat(run("run", "--continue", "How many people live there?")).isZero();

        server.takeRequest();
        JsonNode second = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        assertThat(second.path("messages")).extracting(m -> m.path("content").asString())
                .containsSubsequence("Capital of France?", "Paris.", "How many people live there?");
        assertThat(out.toString()).contains("-- session " + id + ": tokens in 140, out 10 in all");

        out.getBuffer().setLength(0);
        assertThat(run("sessions")).isZero();
        assertThat(out.toString()).as("the default system prompt, two questions, two answers").contains(id)
                .contains("5 messages").contains("Capital of France?");
        out.getBuffer().setLength(0);
        assertThat(run("sessions", "show", id)).isZero();
        assertThat(out.toString()).contains("user: Capital of France?").contains("assistant: Paris.")
                .contains("user: How many people live there?").contains("checkpoint run-1")
                .contains("checkpoint run-2");
        out.getBuffer().setLength(0);
        assertThat(run("sessions", "fork", id, "--at", "run-1")).isZero();
        String fork = out.toString().split(" into ")[1].split(":")[0];
        assertThat(run("sessions", "delete", id)).isZero();
        out.getBuffer().setLength(0);
        assertThat(run("sessions", "show", fork)).isZero();
        assertThat(out.toString()).contains("assistant: Paris.").doesNotContain("How many people");
        assertThat(run("run", "--resume", id, "again")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("there is no session '" + id + "'");
    }

    @Test
    void sessionsListsTheMostRecentAndSaysHowManyMoreThereAre() throws Exception {
        io.agentloop.core.session.FileSessionStore store = new io.agentloop.core.session.FileSessionStore(
                home.resolve("sessions"));
        for (int n = 1; n <= 3; n++) {
            String id = store.create("task " + n).id();
            Files.setLastModifiedTime(home.resolve("sessions").resolve(id + ".jsonl"),
                    java.nio.file.attribute.FileTime.fromMillis(1_700_000_000_000L + n * 60_000L));
        }

        assertThat(run("sessions", "--limit", "2")).isZero();
        assertThat(out.toString().lines().toList()).hasSize(3).satisfies(lines -> {
            assertThat(lines.get(0)).endsWith("task 3");
            assertThat(lines.get(1)).endsWith("task 2");
            assertThat(lines.get(2)).isEqualTo("... and 1 older session: agentloop sessions --all (or --limit N) "
                    + "lists them");
        });
        out.getBuffer().setLength(0);
        assertThat(run("sessions", "--all")).isZero();
        assertThat(out.toString().lines()).hasSize(3).last().asString().endsWith("task 1");
        assertThat(run("sessions", "--limit", "0")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("--limit must be 1 or more, not 0");
    }

    @Test
    void resumingFromACheckpointContinuesAForkAndLeavesTheSessionAsItWas() throws Exception {
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.answer("One."));
        server.enqueue(FakeOpenAi.answer("Two."));
        server.enqueue(FakeOpenAi.answer("Two, differently."));
        assertThat(run("run", "first")).isZero();
        assertThat(run("run", "--continue", "second")).isZero();
        String id = out.toString().lines().filter(l -> l.startsWith("-- session ")).findFirst().orElseThrow()
                .split(" ")[2].replace(":", "");

        assertThat(run("run", "--resume", id, "--from", "run-1", "second, again")).isZero();

        server.takeRequest();
        server.takeRequest();
        JsonNode third = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        assertThat(third.path("messages")).extracting(m -> m.path("content").asString())
                .containsSubsequence("first", "One.", "second, again").doesNotContain("second", "Two.");
        out.getBuffer().setLength(0);
        assertThat(run("sessions", "show", id)).isZero();
        assertThat(out.toString()).contains("Two.").doesNotContain("second, again");
        assertThat(run("run", "--resume", id, "--from", "run-7", "x")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("has no checkpoint 'run-7'; it has: run-1, run-2");
    }

    @Test
    void theUsageLineShowsTheCostAndATokenBudgetEndsTheRunBeforeItsTools() throws Exception {
        installShoutPlugin();
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "pricing:\n  - openai/gpt-test input=1000 output=2000\n");
        server.enqueue(FakeOpenAi.answer("Hi."));

        assertThat(run("run", "hello")).isZero();
        // 70 input tokens x 1000 + 5 output x 2000, per million
        assertThat(out.toString()).contains("tokens in 70, out 5, cost 0.0800");

        Files.writeString(home.resolve("user.yaml"), "budget:\n  run-tokens: 50\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "shout", "{\"text\":\"hello\"}"));
        out.getBuffer().setLength(0);

        assertThat(run("run", "Shout hello")).isEqualTo(Launcher.NO_ANSWER);
        assertThat(out.toString()).contains("-- COMPLETED TOKEN_LIMIT").doesNotContain("shout ok");

        Files.writeString(home.resolve("user.yaml"), "budget:\n  run-cost: 0.5\n");
        assertThat(run("run", "hello")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("a cost budget is set but openai/gpt-test has no price");
    }

    @Test
    void aKeyInAProvidersErrorMessageIsMaskedOnTheConsole() throws Exception {
        useFakeOpenAi();
        server.enqueue(new mockwebserver3.MockResponse.Builder().code(400).addHeader("Content-Type", "application/json")
                .body("{\"error\":{\"message\":\"Incorrect API key provided: sk-proj-LeakedKeyAbcdefghijklmnop\","
                        + "\"type\":\"invalid_request_error\"}}").build());

        assertThat(run("run", "hello")).isEqualTo(Launcher.NO_ANSWER);

        assertThat(out.toString()).contains("FAILED").contains("Incorrect API key provided: [REDACTED]")
                .doesNotContain("LeakedKey");
    }

    @Test
    void notesInLongTermMemoryReachTheModelWhenMemoryIsOn() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "memory:\n  enabled: true\n");
        assertThat(run("memory", "add", "The staging database listens on port 5433", "--keywords", "staging")).isZero();
        assertThat(run("memory", "add", "The front end is built with React")).isZero();
        out.getBuffer().setLength(0);
        assertThat(run("memory", "search", "staging", "database", "port")).isZero();
        assertThat(out.toString().lines().findFirst().orElseThrow()).contains("port 5433");
        server.enqueue(FakeOpenAi.answer("5433."));

        assertThat(run("run", "Which port does the staging database use?")).isZero();

        String body = server.takeRequest().getBody().utf8();
        assertThat(body).contains("<memory-records>").contains("author=\\\"person\\\" trusted=\\\"yes\\\">\\n"
                + "The staging database listens on port 5433\\n</record>").doesNotContain("React");
        assertThat(Files.exists(home.resolve("memory.jsonl"))).isTrue();
    }

    @Test
    void jsonPrintsOneParsableEventPerLine() throws IOException {
        installShoutPlugin();
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.toolCall("call_1", "shout", "{\"text\":\"hi\"}"));
        server.enqueue(FakeOpenAi.answer("HI!"));

        int exit = run("run", "--json", "Shout hi");

        assertThat(exit).isZero();
        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = out.toString().lines().map(json::readTree).toList();
        assertThat(events.get(0).path("type").asString()).isEqualTo("session");
        assertThat(events.get(0).path("resumed").asBoolean()).isFalse();
        assertThat(events.get(1).path("type").asString()).isEqualTo("run_started");
        assertThat(events).extracting(e -> e.path("type").asString())
                .contains("state_changed", "tool_call_started", "tool_call_completed", "text_delta", "usage_updated");
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.path("type").asString()).isEqualTo("run_completed");
        assertThat(last.path("reason").asString()).isEqualTo("ANSWERED");
        assertThat(last.path("text").asString()).isEqualTo("HI!");
        assertThat(last.path("usage").path("input").asLong()).isEqualTo(120);
    }

    /** The design's two machines, by name, as {@code --json} shows them: one tool round, then the answer. */
    @Test
    void jsonShowsTheOuterAndInnerMachinesOfAToolRoundThenAnAnswer() throws IOException {
        installShoutPlugin();
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.toolCall("call_1", "shout", "{\"text\":\"hi\"}"));
        server.enqueue(FakeOpenAi.answer("HI!"));

        assertThat(run("run", "--json", "Shout hi")).as(err.toString()).isZero();

        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> changes = out.toString().lines().map(json::readTree)
                .filter(e -> e.path("type").asString().equals("state_changed")).toList();
        List<String> outer = new ArrayList<>();
        changes.stream().filter(e -> e.path("machine").asString().equals("agent")).findFirst()
                .ifPresent(first -> outer.add(first.path("from").asString()));
        changes.stream().filter(e -> e.path("machine").asString().equals("agent"))
                .forEach(e -> outer.add(e.path("to").asString()));
        assertThat(outer).containsExactly("INIT", "PLANNING", "EXECUTING", "OBSERVING", "PLANNING", "EXECUTING",
                "OBSERVING", "COMPLETED");
        List<String> firstCall = new ArrayList<>(List.of("IDLE"));
        for (JsonNode change : changes) {
            if (!change.path("machine").asString().equals("agent")) {
                firstCall.add(change.path("to").asString());
                if (change.path("to").asString().equals("SUCCESS")) {
                    break;
                }
            }
        }
        assertThat(firstCall).containsExactly("IDLE", "CALLING", "STREAMING", "TOOL_EXECUTING", "SUCCESS");
    }

    @Test
    void jsonShowsEachToolCallAsItFormsBeforeItRuns() throws IOException {
        installShoutPlugin();
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.toolCall("call_1", "shout", "{\"text\":\"hi\"}"));
        server.enqueue(FakeOpenAi.answer("HI!"));

        assertThat(run("run", "--json", "Shout hi")).isZero();

        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = out.toString().lines().map(json::readTree).toList();
        List<JsonNode> deltas = events.stream().filter(e -> e.path("type").asString().equals("tool_call_delta")).toList();
        assertThat(deltas).extracting(d -> d.path("index").asInt(), d -> d.path("id").asString(),
                        d -> d.path("name").asString(), d -> d.path("arguments_delta").asString())
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0, "call_1", "shout", ""),
                        org.assertj.core.groups.Tuple.tuple(0, "call_1", "shout", "{\"text\":\"hi\"}"));
        assertThat(deltas).allSatisfy(d -> assertThat(d.path("agent").asString()).isNotEmpty());
        int started = events.indexOf(events.stream().filter(e -> e.path("type").asString().equals("tool_call_started"))
                .findFirst().orElseThrow());
        assertThat(events.indexOf(deltas.getLast())).isLessThan(started);
    }

    @Test
    void aCorruptPluginJarIsNamedOnStderrAndTheRunStillWorks() throws IOException {
        installShoutPlugin();
        PluginJarBuilder.corrupt(home.resolve("plugins"), "broken-plugin.jar");
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.answer("Fine."));

        int exit = run("run", "hello");

        assertThat(exit).isZero();
        assertThat(err.toString()).contains("agentloop: plugin broken-plugin.jar: cannot be read as a plugin jar");
        assertThat(out.toString()).contains("Fine.");
    }

    @Test
    void aPluginWithAMissingDependencyFailsAloneAndARunThatAnswersExitsZero() throws IOException {
        installShoutPlugin();
        PluginJarBuilder.plugin("needs-more").dependsOn("not-installed").provides(Tool.class, ShoutTool.class)
                .writeTo(home.resolve("plugins"));
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.toolCall("call_1", "shout", "{\"text\":\"hi\"}"));
        server.enqueue(FakeOpenAi.answer("Shouted."));

        int exit = run("run", "Shout hi");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).contains("agentloop: plugin needs-more-1.0.0.jar: depends on plugins that are not "
                + "installed: not-installed; add them to the plugin folder").doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(out.toString()).containsPattern(ToolLine.closing("shout", "ok -> HI")).contains("Shouted.");
    }

    @Test
    void configLayersLaterWinsAndSecretsAreMasked() throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/agentloop.yaml"), """
                provider: anthropic
                model: from-the-install-file
                providers:
                  openai:
                    api-key: sk-secret-value-123456
                plugins:
                  disabled: [one, two]
                  otel:
                    headers: api-key=hunter4hunter4
                mcp:
                  servers:
                    db:
                      command: node
                      env:
                        DATABASE_URL: postgres://app:hunter2hunter2@db/app
                    search:
                      url: http://127.0.0.1:9/mcp
                      headers:
                        X-Team-Pass: hunter3hunter3
                """);
        env.put("AGENTLOOP_MODEL", "from-the-environment");

        int exit = run("config", "--provider", "openai");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("provider = openai    (command line)")
                .contains("model = from-the-environment    (environment)")
                .contains("plugins.disabled = one,two    (" + home.resolve("conf/agentloop.yaml") + ")")
                .contains("providers.openai.api-key = sk-****56")
                .contains("mcp.servers.db.command = node")
                .contains("mcp.servers.db.env.DATABASE_URL = pos****pp")
                .contains("mcp.servers.search.headers.X-Team-Pass = hun****r3")
                .contains("plugins.otel.headers = api****r4")
                .doesNotContain("secret-value").doesNotContain("hunter2").doesNotContain("hunter3hunter3")
                .doesNotContain("hunter4hunter4");
    }

    @Test
    void toolsPluginsAndProvidersListWhatIsInstalled() {
        installShoutPlugin();

        assertThat(run("tools")).isZero();
        assertThat(out.toString()).contains("shout").contains("plugin shout-tools@2.1.0").contains("Upper-cases a text.");
        assertThat(run("plugins")).isZero();
        assertThat(out.toString()).contains("shout-tools 2.1.0  STARTED").contains("Tool io.agentloop.launcher.ShoutTool");
        env.put("AGENTLOOP_PROVIDER", "anthropic");
        assertThat(run("providers")).isZero();
        assertThat(out.toString()).contains("* anthropic").contains("  openai ");
        assertThat(out.toString()).contains("Settings of anthropic (providers.anthropic.*):",
                "    temperature (a number): sampling temperature; lower is more focused",
                "    thinking-budget (a whole number): tokens for extended thinking (off when not set)");
    }

    @Test
    void aDisabledPluginIsNotLoaded() {
        installShoutPlugin();
        env.put("AGENTLOOP_PLUGINS_DISABLED", "shout-tools");

        assertThat(run("tools")).isZero();
        assertThat(out.toString()).doesNotContain("shout ").contains("read ").contains("bash ");
    }

    @Test
    void helpVersionAndOptionsAsDescribedInCode() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("Usage: agentloop [-hV] [COMMAND]")
                .contains("run", "chat", "tools", "plugins", "providers", "config", "sessions", "memory")
                .doesNotContain("warm-up");
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).contains("Agentloop " + Launcher.version());

        assertThat(run("memory", "add", "Deploys go through the blue pipeline", "--keywords", "deploy,pipeline"))
                .as(err.toString()).isZero();
        assertThat(run("memory")).isZero();
        assertThat(out.toString()).contains("Deploys go through the blue pipeline  [deploy, pipeline]");

        assertThat(run("run", "--max-iterations", "many", "--example")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString().lines().toList()).containsExactly("agentloop run: Invalid value for option "
                + "'--max-iterations': 'many' is not an int (agentloop run --help lists the options)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "99999999999", "-1"})
    void anOutOfRangeOptionIsOneLineNamingItNotTheWholeUsage(String iterations) {
        assertThat(run("run", "--max-iterations", iterations, "--example", "hello")).isIn(Launcher.USAGE,
                Launcher.CONFIGURATION);

        assertThat(err.toString().lines().toList()).singleElement().asString()
                .containsAnyOf("--max-iterations", "run.max-iterations").contains(iterations)
                .doesNotContain("Usage:");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aMistypedOptionIsOneLineWithTheOptionMeant() {
        assertThat(run("sessions", "--limt", "5")).isEqualTo(Launcher.USAGE);

        assertThat(err.toString().lines().toList()).containsExactly("agentloop sessions: Unknown option: '--limt'; "
                + "did you mean --limit? (agentloop sessions --help lists the options)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "chat", "hub", "tools", "plugins", "providers", "config", "sessions", "memory", "completion", "init",
            "approvals", "approve", "deny"})
    void everyCommandShowsItsHelpWithDashDashHelpAndWithHelpCommand(String command) {
        assertThat(run(command, "--help")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Usage: agentloop " + command).contains("-h, --help");
        String shown = out.toString();

        assertThat(run("help", command)).as(err.toString()).isZero();
        assertThat(out.toString().substring(shown.length())).startsWith("Usage: agentloop " + command);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aHubTakesConfiguredAgentsOnlyEachOnceAndNamesTheOnesThereAre() throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/agentloop.yaml"), "agents:\n  alpha:\n    description: A.\n"
                + "hub:\n  user: alpha\n");

        assertThat(run("hub")).isEqualTo(Launcher.USAGE);
        assertThat(run("hub", "--agents", "alpha,zed")).isEqualTo(Launcher.USAGE);
        assertThat(run("hub", "--agents", "default,default")).isEqualTo(Launcher.USAGE);
        assertThat(run("hub", "--agents", "alpha")).isEqualTo(Launcher.USAGE);

        assertThat(err.toString().lines()).containsExactly(
                "agentloop hub: no agents take part: choose them with --agents a,b or hub.agents; the configured "
                        + "agents are: default, alpha (default, and the profiles of agents.<name>)",
                "agentloop hub: there is no agent 'zed': choose them with --agents a,b or hub.agents; the configured "
                        + "agents are: default, alpha (default, and the profiles of agents.<name>)",
                "agentloop hub: 'default' is named twice: each agent takes part once",
                "agentloop hub: the person's name (hub.user) is 'alpha', which is an agent's too: set hub.user to "
                        + "another name");
    }

    @Test
    void aToolTimeoutFromAFlagReachesTheRunAndABadOneIsAConfigurationError() throws IOException {
        PluginJarBuilder.plugin("wait-tools").provides(Tool.class, WaitTool.class).writeTo(home.resolve("plugins"));
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.toolCall("call_1", "wait", "{}"));
        server.enqueue(FakeOpenAi.answer("Gave up waiting."));

        assertThat(run("run", "--tool-timeout", "300ms", "Wait")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Error (timeout): tool 'wait' did not finish within 300 ms");

        assertThat(run("run", "--tool-timeout", "soon", "Wait")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("run.tool-timeout must be a duration such as 500ms, 30s, 2m or 1h, not "
                + "'soon'");
    }

    /**
     * The planner creates s1 and s2 (after s1) through its planning tool; s1 answers; the planner marks it
     * completed; s2's call fails; the planner marks it blocked and updates the plan with s3; s3 answers;
     * the planner marks it completed; the summary.
     */
    private void enqueueAPlanWhoseSecondStepFailsAndIsMadeAgain() {
        server.enqueue(FakeOpenAi.toolCall("p1", "planning", "{\"command\":\"create\",\"steps\":[{\"id\":\"s1\","
                + "\"description\":\"find the capital\"},{\"id\":\"s2\",\"description\":\"find its population\","
                + "\"depends_on\":[\"s1\"]}]}"));
        server.enqueue(FakeOpenAi.answer("Planned."));
        server.enqueue(FakeOpenAi.answer("Paris."));
        server.enqueue(FakeOpenAi.toolCall("p2", "planning", "{\"command\":\"mark_step\",\"step_id\":\"s1\","
                + "\"step_status\":\"completed\"}"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(new MockResponse.Builder().code(400).addHeader("Content-Type", "application/json")
                .body("{\"error\":{\"message\":\"the census is closed\"}}").build());
        server.enqueue(FakeOpenAi.toolCall("p3", "planning", "{\"command\":\"mark_step\",\"step_id\":\"s2\","
                + "\"step_status\":\"blocked\"}"));
        server.enqueue(FakeOpenAi.toolCall("p4", "planning", "{\"command\":\"update\",\"steps\":[{\"id\":\"s3\","
                + "\"description\":\"estimate it\"}]}"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("About 2 million."));
        server.enqueue(FakeOpenAi.toolCall("p5", "planning", "{\"command\":\"mark_step\",\"step_id\":\"s3\","
                + "\"step_status\":\"completed\"}"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("Paris, about 2 million people."));
    }

    @Test
    void runWithPlanAndJsonWritesThePlanEachStepAndTheReplanAsLines() throws IOException {
        useFakeOpenAi();
        enqueueAPlanWhoseSecondStepFailsAndIsMadeAgain();

        assertThat(run("run", "--plan", "--json", "How many people live in the capital of France?"))
                .as(err.toString()).isZero();

        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> lines = out.toString().lines().filter(l -> l.startsWith("{")).map(json::readTree).toList();
        List<String> plan = lines.stream().map(l -> l.path("type").asString())
                .filter(t -> t.equals("plan_created") || t.startsWith("step_") || t.equals("replanned")).toList();
        assertThat(plan).containsExactly("plan_created", "step_started", "step_completed", "step_started",
                "step_completed", "replanned", "step_started", "step_completed");
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("plan_created")).singleElement()
                .satisfies(l -> {
                    assertThat(l.at("/steps/1/id").asString()).isEqualTo("s2");
                    assertThat(l.toString()).contains("s1").contains("find its population");
                });
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("step_completed"))
                .extracting(l -> l.path("id").asString() + " " + l.path("ok").asBoolean())
                .containsExactly("s1 true", "s2 false", "s3 true");
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("replanned")).singleElement()
                .satisfies(l -> {
                    assertThat(l.path("failed_step").asString()).isEqualTo("s2");
                    assertThat(l.at("/steps/0/id").asString()).isEqualTo("s3");
                });
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("plan_updated")).last()
                .satisfies(l -> assertThat(l.toString()).contains("{\"id\":\"s1\",\"status\":\"completed\"}",
                        "{\"id\":\"s2\",\"status\":\"blocked\"}", "{\"id\":\"s3\",\"status\":\"completed\"}"));
        assertThat(out.toString()).contains("Paris, about 2 million people.");
    }

    @Test
    void runWithPlanShowsTheStatusesAsTheyChangeAndNotThePlannersToolCallsOrNotes() throws IOException {
        useFakeOpenAi();
        enqueueAPlanWhoseSecondStepFailsAndIsMadeAgain();

        assertThat(run("run", "--plan", "How many people live in the capital of France?")).as(err.toString()).isZero();

        List<String> lines = out.toString().lines().toList();
        assertThat(lines).as(out.toString()).containsSubsequence("[plan] s1: find the capital",
                "[plan] s2: find its population (after s1)", "[plan] s1 not_started, s2 not_started",
                "[plan] s1 in_progress, s2 not_started", "[step s1] find the capital", "Paris.", "[step s1] done",
                "[plan] s1 completed, s2 not_started", "[plan] s1 completed, s2 in_progress",
                "[step s2] find its population", "[replan] s3: estimate it",
                "[plan] s1 completed, s2 blocked, s3 not_started", "[plan] s1 completed, s2 blocked, s3 in_progress",
                "[step s3] estimate it", "About 2 million.", "[step s3] done",
                "[plan] s1 completed, s2 blocked, s3 completed", "Paris, about 2 million people.");
        assertThat(lines).filteredOn(line -> line.startsWith("[step s2] failed: ")).hasSize(1);
        assertThat(lines).as("each step's agent as it starts and ends").containsSubsequence("[step s1] find the capital",
                "[agent s1] running", "[agent s1] completed", "[step s1] done", "[step s3] estimate it",
                "[agent s3] running", "[agent s3] completed", "[step s3] done");
        assertThat(lines).filteredOn(line -> line.startsWith("[agent s2] ")).containsExactly("[agent s2] running",
                "[agent s2] failed");
        assertThat(lines.getLast()).startsWith("-- PLAN DONE: 3 step(s), 1 failed, 1 replan(s)");
        assertThat(out.toString()).as("the planner's tool calls and notes are shown as [plan] lines")
                .doesNotContain("\"steps\"").doesNotContain("mark_step").doesNotContain("Planned.")
                .doesNotContain("Noted.");
    }

    @Test
    void aFailedRunEndsWithOneLineSayingWhy() throws IOException {
        useFakeOpenAi();
        server.enqueue(new MockResponse.Builder().code(400).addHeader("Content-Type", "application/json")
                .body("{\"error\":{\"message\":\"model gpt-test does not exist\"}}").build());

        assertThat(run("run", "hello")).isEqualTo(Launcher.NO_ANSWER);

        assertThat(out.toString()).contains("-- FAILED after 1 iterations, 0 tool call(s)")
                .contains("model gpt-test does not exist").doesNotContain("FAILED FAILED");
    }

    @Test
    void unknownCommandsOptionsAndProvidersGetADidYouMean() {
        assertThat(run("rnu", "hello")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("agentloop: there is no command 'rnu'; did you mean 'run'?");

        assertThat(run("run", "--jsn", "hello")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("Unknown option: '--jsn'").contains("--json");

        env.put("AGENTLOOP_PROVIDER", "opneai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        assertThat(run("run", "hello")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("there is no model provider 'opneai'; did you mean 'openai'?");
    }

    @Test
    void completionScriptsCoverEveryCommandAndOption() {
        assertThat(run("completion", "bash")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("complete -F _complete_agentloop").contains("run").contains("sessions")
                .contains("--tool-timeout").contains("--mode");
        assertThat(run("completion", "fish")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("use bash or zsh");
    }

    @Test
    void initWritesAPrivateCommentedConfigurationWithoutTheKeyUnlessAsked() throws IOException {
        Path file = home.resolve("user.yaml");
        Files.deleteIfExists(file);
        env.put("ANTHROPIC_API_KEY", "sk-ant-planted-key-0123456789");

        assertThat(run("init", "--provider", "anthropic")).as(err.toString()).isZero();
        assertThat(Files.readString(file)).contains("provider: anthropic").contains("model: claude-sonnet-4-5")
                .contains("export ANTHROPIC_API_KEY=...").doesNotContain("sk-ant-planted");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(run("config", "--check")).as(err.toString()).isZero();

        assertThat(run("init", "--provider", "openai")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains(file + " exists; keep it, or replace it with --force");

        assertThat(run("init", "--provider", "anthropic", "--with-key", "--force")).as(err.toString()).isZero();
        assertThat(Files.readString(file)).contains("api-key: \"sk-ant-planted-key-0123456789\"");
        assertThat(run("config", "--check")).as(err.toString()).isZero();

        assertThat(run("init", "--provider", "antropic", "--force")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("did you mean 'anthropic'?");
    }

    @Test
    void initAsksForTheProviderWhenSomeoneCanAnswer() throws IOException {
        Path file = home.resolve("user.yaml");
        Files.deleteIfExists(file);
        java.io.InputStream input = new java.io.ByteArrayInputStream("ollama\n".getBytes(
                java.nio.charset.StandardCharsets.UTF_8));

        int exit = Launcher.run(new String[] {"init"}, home, env::get, input, new PrintWriter(out), new PrintWriter(err));

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Provider (openai, anthropic, gemini, ollama, openai-responses): ");
        assertThat(Files.readString(file)).contains("provider: ollama");
    }

    @Test
    void runWithoutATaskIsAUsageError() {
        assertThat(run("run")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("say what to do").contains("--demo");
    }

    @Test
    void theDemoWithoutTheLlamacppPluginSaysWhatIsMissing() {
        assertThat(run("run", "--demo")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("the demo needs the llamacpp provider plugin")
                .contains("plugins/llamacpp-plugin-*.jar");

        assertThat(run("run", "--demo", "--example")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("choose one of --example and --demo");
    }

    @Test
    void chatAsksBeforeAToolCallTheRulesAskAbout() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: " + home + "\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo approved-run\"}"));
        server.enqueue(FakeOpenAi.answer("Done."));
        server.enqueue(FakeOpenAi.toolCall("call_2", "bash", "{\"command\":\"echo second-run\"}"));
        server.enqueue(FakeOpenAi.answer("Refused."));
        java.io.InputStream input = new java.io.ByteArrayInputStream(
                "Run it\ny\nAgain\nn\nexit\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        int exit = Launcher.run(new String[] {"chat"}, home, env::get, input, new PrintWriter(out), new PrintWriter(err));

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains("agentloop: bash needs your approval:\n    bash: echo approved-run\n"
                        + "  Allow? [y] once, [a] always (bash(echo approved-run)), [n] no: ")
                .contains("  | approved-run\n").containsPattern(ToolLine.closing("bash", "ok -> exit code 0 (2 lines, "))
                .containsPattern(ToolLine.closing("bash", "failed -> Error (denied): denied by the user (bash: echo second-run)"))
                .doesNotContain("\nsecond-run");
    }

    @Test
    void withoutATerminalYesAllowsWhatAsksLoudly() throws Exception {
        // what a run with no one to approve does without --yes (it pauses): PauseAndResumeTest
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: " + home + "\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo from-bash\"}"));
        server.enqueue(FakeOpenAi.answer("Did it."));

        assertThat(run("run", "--yes", "Run echo")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("agentloop: WARNING --yes is on: every tool call that would ask for "
                + "approval runs without asking");
        assertThat(out.toString()).contains("  | from-bash\n")
                .containsPattern(ToolLine.closing("bash", "ok -> exit code 0 (2 lines, "));
    }

    @Test
    void permissionRulesComeFromTheConfiguration() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: " + home + "\npermissions:\n"
                + "  allow: [\"bash(echo *)\"]\n  deny: [\"bash(rm *)\"]\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo allowed && rm -rf ~\"}"));
        server.enqueue(FakeOpenAi.answer("Stopped."));

        assertThat(run("run", "--yes", "Clean up")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Error (denied): denied by policy: bash: rm -rf ~");

        Files.writeString(home.resolve("user.yaml"), "permissions:\n  allow: [\"bash(echo *\"]\n");
        assertThat(run("run", "Clean up")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("permissions: permission rule 'bash(echo *' is not of the form");
    }

    @Test
    void chatKeepsTheConversationAcrossTurnsAndLeavesOnAnExitWord() throws Exception {
        installShoutPlugin();
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.toolCall("call_1", "shout", "{\"text\":\"hello\"}"));
        server.enqueue(FakeOpenAi.answer("HELLO, as asked."));
        server.enqueue(FakeOpenAi.answer("You asked me to shout hello."));
        java.io.InputStream input = new java.io.ByteArrayInputStream(
                "Shout hello\n\nWhat did I ask?\nexit\nnever sent\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        int exit = Launcher.run(new String[] {"chat"}, home, env::get, input, new PrintWriter(out), new PrintWriter(err));

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Chatting with gpt-test")
                .containsPattern(ToolLine.closing("shout", "ok -> HELLO")).contains("HELLO, as asked.")
                .contains("You asked me to shout hello.").contains("Bye.");
        assertThat(server.getRequestCount()).isEqualTo(3);
        server.takeRequest();
        server.takeRequest();
        JsonNode third = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        // The second turn carries the whole first turn: user, tool call, tool result, answer, new question.
        assertThat(third.path("messages")).extracting(m -> m.path("role").asString())
                .containsExactly("system", "user", "assistant", "tool", "assistant", "user");
        assertThat(third.path("messages").path(5).path("content").asString()).isEqualTo("What did I ask?");
    }

    @Test
    void chatJsonPrintsOnlyEventsOnePerLineAndAsksOnStderr() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: " + home + "\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo approved-run\"}"));
        server.enqueue(FakeOpenAi.answer("Done."));
        server.enqueue(FakeOpenAi.answer("You are welcome."));
        java.io.InputStream input = new java.io.ByteArrayInputStream(
                "Run it\ny\nThanks\nexit\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        int exit = Launcher.run(new String[] {"chat", "--json"}, home, env::get, input, new PrintWriter(out),
                new PrintWriter(err));

        assertThat(exit).as(err.toString()).isZero();
        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = out.toString().lines().map(json::readTree).toList();
        assertThat(events).allSatisfy(e -> assertThat(e.path("type").isString()).isTrue());
        assertThat(events.get(0).path("type").asString()).isEqualTo("session");
        assertThat(events).filteredOn(e -> e.path("type").asString().equals("run_completed"))
                .extracting(e -> e.path("text").asString()).containsExactly("Done.", "You are welcome.");
        assertThat(err.toString()).contains("agentloop: bash needs your approval:");
    }

    @Test
    void chatResumesASessionWithItsWholeConversation() throws Exception {
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.answer("Noted: blue."));
        server.enqueue(FakeOpenAi.answer("Blue."));
        java.io.InputStream first = new java.io.ByteArrayInputStream(
                "My colour is blue\nexit\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(Launcher.run(new String[] {"chat"}, home, env::get, first, new PrintWriter(out),
                new PrintWriter(err))).isZero();
        String id = out.toString().split("Session ")[1].split(":")[0];

        java.io.InputStream second = new java.io.ByteArrayInputStream(
                "What is my colour?\nexit\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(Launcher.run(new String[] {"chat", "--resume", id}, home, env::get, second, new PrintWriter(out),
                new PrintWriter(err))).as(err.toString()).isZero();

        assertThat(out.toString()).contains("Resuming session " + id + " (3 messages).");
        server.takeRequest();
        JsonNode resumed = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        assertThat(resumed.path("messages")).extracting(m -> m.path("role").asString() + ": " + m.path("content")
                .asString()).containsSubsequence("user: My colour is blue", "assistant: Noted: blue.",
                "user: What is my colour?").first().asString().startsWith("system: You are an agent working in");
    }

    @Test
    void theDefaultSystemPromptNamesTheWorkspaceTheToolsAndTheModeAndRunSystemReplacesOrExtendsIt() throws Exception {
        useFakeOpenAi();
        installShoutPlugin();
        Path workspace = Files.createDirectories(home.resolve("work"));
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\n");
        server.enqueue(FakeOpenAi.answer("ok"));
        server.enqueue(FakeOpenAi.answer("ok"));
        server.enqueue(FakeOpenAi.answer("ok"));
        JsonMapper json = JsonMapper.builder().build();

        assertThat(run("run", "--no-session", "hi")).as(err.toString()).isZero();
        String prompt = json.readTree(server.takeRequest().getBody().utf8()).at("/messages/0/content").asString();
        assertThat(prompt).startsWith("You are an agent working in the folder " + workspace + ";")
                .contains("\n- read: ").contains("\n- bash: ").contains("\n- shout: ")
                .contains("Permission mode ask: writes, commands and tools that change things ask.");

        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\nrun:\n  "
                + "system-append: Answer in French.\n");
        assertThat(run("run", "--no-session", "hi")).as(err.toString()).isZero();
        String extended = json.readTree(server.takeRequest().getBody().utf8()).at("/messages/0/content").asString();
        assertThat(extended).startsWith("You are an agent working in the folder").endsWith("\n\nAnswer in French.");

        Files.writeString(home.resolve("user.yaml"), "run:\n  system: Be brief.\n");
        assertThat(run("run", "--no-session", "hi")).as(err.toString()).isZero();
        assertThat(json.readTree(server.takeRequest().getBody().utf8()).at("/messages/0/content").asString())
                .isEqualTo("Be brief.");
    }

    @Test
    void warmUpRunsInAScratchInstallationOfItsOwnAndLeavesNothingBehind() throws Exception {
        useFakeOpenAi();
        installShoutPlugin();
        // A temporary folder of this test's own: other programs may make folders in the system's meanwhile.
        Path tmp = Files.createDirectories(home.resolve("tmp"));
        env.put("TMPDIR", tmp.toString());

        int exit = run("warm-up");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).isEmpty();
        // Its runs used its own endpoint and session folder, not the user's configuration.
        assertThat(server.getRequestCount()).isZero();
        assertThat(home.resolve("sessions")).doesNotExist();
        try (java.util.stream.Stream<Path> left = Files.list(tmp)) {
            assertThat(left).as("what warm-up left in its temporary folder").isEmpty();
        }
    }

    @Test
    void theProvidersModelOptionsReachTheRequestAndTheRunsOwnWin() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("conf/agentloop.yaml"), Files.readString(home.resolve("conf/agentloop.yaml"))
                + "    temperature: 0.3\n    max-tokens: 200\n    seed: 7\n    stop: [END]\n"
                + "run:\n  top-p: 0.5\n  reasoning-effort: low\n");
        server.enqueue(FakeOpenAi.answer("first"));
        server.enqueue(FakeOpenAi.answer("second"));

        assertThat(run("run", "hello")).as(err.toString()).isZero();
        assertThat(run("run", "--temperature", "0.9", "--max-tokens", "50", "hello")).as(err.toString()).isZero();

        JsonMapper json = JsonMapper.builder().build();
        JsonNode first = json.readTree(server.takeRequest().getBody().utf8());
        assertThat(first.get("temperature").asDouble()).isEqualTo(0.3);
        assertThat(first.get("max_tokens").asInt()).isEqualTo(200);
        assertThat(first.get("seed").asLong()).isEqualTo(7);
        assertThat(first.get("stop").toString()).isEqualTo("[\"END\"]");
        assertThat(first.get("top_p").asDouble()).isEqualTo(0.5);
        assertThat(first.get("reasoning_effort").asString()).isEqualTo("low");
        JsonNode second = json.readTree(server.takeRequest().getBody().utf8());
        assertThat(second.get("temperature").asDouble()).isEqualTo(0.9);
        assertThat(second.get("max_tokens").asInt()).isEqualTo(50);
        assertThat(second.get("seed").asLong()).isEqualTo(7);
    }

    @Test
    void goingOnWithNoTaskFromASessionThatAnsweredSaysThereIsNothingToGoOnWith() throws Exception {
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.answer("Paris."));
        assertThat(run("run", "Capital of France?")).isZero();
        String id = out.toString().lines().filter(l -> l.startsWith("-- session ")).findFirst().orElseThrow()
                .split(" ")[2].replace(":", "");

        assertThat(run("run", "--resume", id)).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("agentloop run: session " + id + " ended with an answer; there is nothing "
                + "to go on with: say what to do next, for example agentloop run --resume " + id + " \"...\"");
        err.getBuffer().setLength(0);
        assertThat(run("run", "--continue")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("ended with an answer; there is nothing to go on with");
        assertThat(server.getRequestCount()).as("no model call").isEqualTo(1);
    }

    @Test
    void anEmptiedSessionIsListedAsEmptyAndGoingOnWithItSaysItIsEmpty() throws Exception {
        useFakeOpenAi();
        server.enqueue(FakeOpenAi.answer("Paris."));
        assertThat(run("run", "Capital of France?")).isZero();
        String id = out.toString().lines().filter(l -> l.startsWith("-- session ")).findFirst().orElseThrow()
                .split(" ")[2].replace(":", "");
        Files.write(home.resolve("sessions").resolve(id + ".jsonl"), new byte[0]);
        out.getBuffer().setLength(0);

        assertThat(run("sessions")).as(err.toString()).isZero();
        assertThat(out.toString().lines().filter(line -> line.startsWith(id))).singleElement().asString()
                .endsWith("  0 messages  empty");
        err.getBuffer().setLength(0);
        assertThat(run("run", "--resume", id)).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).doesNotContain("ended with an answer");
        assertThat(err.toString().lines().toList()).endsWith("agentloop run: session " + id + " is empty (it "
                + "holds no messages); there is nothing to go on with: say what to do next, for example agentloop run "
                + "--resume " + id + " \"...\"");
        assertThat(server.getRequestCount()).as("no model call").isEqualTo(1);
    }

    @Test
    void alwaysAtTheTerminalIsKeptSoALaterRunWithNoOneToAskAllowsTheCall() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + home + "\"\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo kept-for-later\"}"));
        server.enqueue(FakeOpenAi.answer("Done."));
        java.io.InputStream input = new java.io.ByteArrayInputStream(
                "Run it\na\nexit\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(Launcher.run(new String[] {"chat"}, home, env::get, input, new PrintWriter(out),
                new PrintWriter(err))).as(err.toString()).isZero();
        assertThat(new ApprovedRules(home.resolve("approved-rules")).rules(home))
                .containsExactly("bash(echo kept-for-later)");

        out.getBuffer().setLength(0);
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo kept-for-later\"}"));
        server.enqueue(FakeOpenAi.answer("Did it again."));
        assertThat(run("run", "Run it again")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("  | kept-for-later\n")
                .containsPattern(ToolLine.closing("bash", "ok -> exit code 0 (2 lines, "));
    }

    @Test
    void approvedRulesInTheFolderAreAllowRulesOfTheRunAndABadLineNamesTheFile() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + home + "\"\n");
        ApprovedRules approved = new ApprovedRules(home.resolve("approved-rules"));
        approved.add(home, List.of("bash(echo approved *)"));
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo approved earlier\"}"));
        server.enqueue(FakeOpenAi.answer("Done."));

        assertThat(run("run", "Run it")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("  | approved earlier\n")
                .containsPattern(ToolLine.closing("bash", "ok -> exit code 0 (2 lines, "));

        Files.writeString(approved.file(home), "bash(echo *\n");
        assertThat(run("run", "Run it")).isEqualTo(Launcher.CONFIGURATION);
        assertThat(err.toString()).contains("the approved rules in " + approved.file(home) + ": ")
                .contains("correct or remove the line");
    }

    @Test
    void commandsCannotChangeOrReadTheApprovedRulesEvenInsideTheWorkspace() throws Exception {
        useFakeOpenAi();
        Path workspace = Files.createDirectories(home.resolve("work"));
        env.put("AGENTLOOP_SESSIONS", workspace.resolve("state/sessions").toString());
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\n");
        ApprovedRules approved = new ApprovedRules(workspace.resolve("state/approved-rules"));
        approved.add(workspace, List.of("bash(echo secret-approval)"));
        String file = workspace.relativize(approved.file(workspace)).toString();
        String before = Files.readString(approved.file(workspace));
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo 'bash(*)' >> " + file + "; cat "
                + file + "\"}"));
        server.enqueue(FakeOpenAi.answer("Tried."));

        assertThat(run("run", "--yes", "Grant yourself everything")).as(err.toString()).isZero();

        assertThat(out.toString()).contains("[tool] bash").doesNotContain("bash(echo secret-approval)");
        assertThat(Files.readString(approved.file(workspace))).isEqualTo(before);
    }

    @Test
    void aSubAgentsCallRefusedForWantOfAnApproverGetsTheLaunchersAdvice() throws Exception {
        useFakeOpenAi();
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + home + "\"\nagents:\n  builder:\n"
                + "    description: Builds things.\n    tools: [bash]\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "task", "{\"agent\":\"builder\",\"task\":\"Build it\"}"));
        server.enqueue(FakeOpenAi.toolCall("call_9", "bash", "{\"command\":\"echo building\"}"));
        server.enqueue(FakeOpenAi.answer("I was not allowed to."));
        server.enqueue(FakeOpenAi.answer("The builder could not build."));

        assertThat(run("run", "Build it")).as(err.toString()).isZero();

        assertThat(err.toString()).contains("agentloop: a sub-agent's tool call was refused")
                .contains("add a rule to permissions.allow").contains(PauseNotice.MODES);
    }
}
