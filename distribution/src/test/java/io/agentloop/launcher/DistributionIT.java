package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.McpReferenceServers;
import io.agentloop.testkit.PluginJarBuilder;
import io.agentloop.testkit.VisibleTempDir;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The built installation used as a user would: {@code bin/agentloop run} as a process, with the
 * first-party plugins, against a fake OpenAI-compatible endpoint on loopback that asks for the
 * text-tools plugin's {@code change_case} tool and then answers.
 */
class DistributionIT {
    @TempDir(factory = VisibleTempDir.class)
    Path work;
    /** A folder outside the workspace (work), for a home folder: a workspace may not hold the home. */
    @TempDir(factory = VisibleTempDir.class)
    Path elsewhere;

    private final MockWebServer server = new MockWebServer();
    private InstalledLauncher installed;
    private Map<String, String> extraEnv;
    private Path installation;
    private Path auditLog;

    @BeforeEach
    void setUp() throws IOException {
        server.start(0);
        installed = InstalledLauncher.copyInto(work, elsewhere.resolve("home"), server);
        extraEnv = installed.extraEnv();
        installation = installed.root();
        auditLog = installed.auditLog();
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    private void environment(Map<String, String> env) {
        installed.environment(env);
    }

    private Outcome agentloop(String... args) throws Exception {
        return installed.run(args);
    }

    private void scriptToolCallThenAnswer() {
        server.enqueue(FakeOpenAi.toolCall("call_1", "change_case", "{\"text\":\"hello agent world\",\"style\":\"camel\"}"));
        server.enqueue(FakeOpenAi.answer("In camel case: ", "helloAgentWorld."));
    }

    @Test
    void runStreamsTheAnswerRunsThePluginToolAndEndsWithUsage() throws Exception {
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "Write 'hello agent world' in camel case");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("> Write 'hello agent world' in camel case")
                .contains("[tool] change_case {\"text\":\"hello agent world\",\"style\":\"camel\"}")
                .containsPattern(ToolLine.closing("change_case", "ok -> helloAgentWorld"))
                .contains("In camel case: helloAgentWorld.")
                .contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)")
                .contains("tokens in 120, out 15");
        // The hook plugin saw the call too.
        assertThat(Files.readAllLines(auditLog)).singleElement().asString()
                .contains("\"tool\":\"change_case\"").contains("\"ok\":true").contains("\"result\":\"helloAgentWorld\"");
    }

    @Test
    void aRunCallsTheToolsOfAConfiguredMcpServerAndMcpListsIt() throws Exception {
        Path graph = work.resolve("graph.jsonl");
        Files.writeString(work.resolve("user.yaml"), "mcp:\n  servers:\n    memory:\n      command: "
                + McpReferenceServers.node() + "\n      args: [\"" + McpReferenceServers.script("server-memory")
                + "\"]\n      env:\n        MEMORY_FILE_PATH: \"" + graph + "\"\npermissions:\n"
                + "  allow: [memory_create_entities]\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "memory_create_entities", "{\"entities\":[{\"name\":\"Ada\","
                + "\"entityType\":\"person\",\"observations\":[\"wrote the first program\"]}]}"));
        server.enqueue(FakeOpenAi.toolCall("call_2", "memory_search_nodes", "{\"query\":\"Ada\"}"));
        server.enqueue(FakeOpenAi.answer("Ada wrote the first program."));

        Outcome run = agentloop("run", "Remember Ada, then look her up");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(run.out()).containsPattern(ToolLine.closing("memory_create_entities", "ok")).containsPattern(ToolLine.closing("memory_search_nodes", "ok"))
                .contains("Ada wrote the first program.");
        assertThat(Files.readString(graph)).as("the server wrote what the call asked").contains("\"name\":\"Ada\"")
                .contains("wrote the first program");
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).as("the search result went back to the model")
                .contains("wrote the first program");

        Outcome listed = agentloop("mcp");
        assertThat(listed.exit()).as(listed.err()).isZero();
        assertThat(listed.out()).containsPattern("memory +ready +9 tools: memory_create_entities, ");
        Outcome tools = agentloop("tools");
        assertThat(tools.out()).containsPattern("memory_read_graph +mcp +read-only");
        String script = McpReferenceServers.script("server-memory").toString();
        assertThat(ProcessHandle.allProcesses().filter(p -> p.isAlive()
                && p.info().arguments().map(a -> List.of(a).contains(script)).orElse(false)))
                .as("no server outlives the launcher (it would be an orphan, no longer our descendant)").isEmpty();
    }

    @Test
    void runWithAnOutputSchemaSendsBackAnAnswerThatDoesNotMatchAndPrintsTheObject() throws Exception {
        Files.writeString(work.resolve("capital.json"), "{\"type\":\"object\",\"properties\":{\"city\":"
                + "{\"type\":\"string\"},\"population\":{\"type\":\"integer\"}},\"required\":[\"city\","
                + "\"population\"],\"additionalProperties\":false}");
        server.enqueue(FakeOpenAi.answer("{\"city\":\"Paris\"}"));
        server.enqueue(FakeOpenAi.answer("{\"city\":\"Paris\",", "\"population\":2100000}"));

        Outcome run = agentloop("run", "--output-schema", "capital.json", "Capital of France?");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(run.out().lines().toList().getLast()).isEqualTo("{\"city\":\"Paris\",\"population\":2100000}");
        JsonNode first = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        assertThat(first.at("/response_format/json_schema/strict").asBoolean()).isTrue();
        assertThat(first.at("/response_format/json_schema/schema/required").toString())
                .isEqualTo("[\"city\",\"population\"]");
        JsonNode second = JsonMapper.builder().build().readTree(server.takeRequest().getBody().utf8());
        JsonNode messages = second.path("messages");
        assertThat(messages.get(messages.size() - 1).path("content").asString())
                .startsWith("Your answer does not match the required JSON Schema: ").contains("population");

        server.enqueue(FakeOpenAi.answer("{\"city\":\"Rome\",\"population\":2800000}"));
        Outcome json = agentloop("run", "--json", "--output-schema", "capital.json", "Capital of Italy?");
        assertThat(json.exit()).as(json.err()).isZero();
        JsonNode completed = JsonMapper.builder().build().readTree(json.out().lines().toList().getLast());
        assertThat(completed.path("type").asString()).isEqualTo("run_completed");
        assertThat(completed.path("output").toString()).isEqualTo("{\"city\":\"Rome\",\"population\":2800000}");

        Files.writeString(work.resolve("broken.json"), "{\"type\": \"objekt\"}");
        Outcome broken = agentloop("run", "--output-schema", "broken.json", "x");
        assertThat(broken.exit()).isEqualTo(3);
        assertThat(broken.err()).contains("--output-schema broken.json: the output schema is not valid JSON Schema");
    }

    @Test
    void runWithPlanMakesAPlanRunsItsStepsAndSummarises() throws Exception {
        server.enqueue(planning("p1", "{\"command\":\"create\",\"steps\":[{\"id\":\"s1\",\"description\":"
                + "\"find the capital\"},{\"id\":\"s2\",\"description\":\"find its population\",\"depends_on\":"
                + "[\"s1\"]}]}"));
        server.enqueue(FakeOpenAi.answer("Planned."));
        server.enqueue(FakeOpenAi.answer("Paris."));
        server.enqueue(marked("p2", "s1"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("About 2.1 million."));
        server.enqueue(marked("p3", "s2"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("Paris, with about 2.1 million people."));

        Outcome run = agentloop("run", "--plan", "How many people live in the capital of France?");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(run.out()).contains("[plan] s1: find the capital").contains("[plan] s2: find its population (after s1)")
                .contains("[step s1] find the capital").contains("[step s1] done")
                .contains("[step s2] done").contains("[plan] s1 completed, s2 completed")
                .contains("Paris, with about 2.1 million people.")
                .contains("-- PLAN DONE: 2 step(s), 0 failed, 0 replan(s)");
        assertThat(server.takeRequest().getBody().utf8()).as("the planner has its planning tool")
                .contains("\"name\":\"planning\"");
        for (int i = 0; i < 4; i++) { // its note, s1, the review of s1's round and its note
            server.takeRequest();
        }
        assertThat(server.takeRequest().getBody().utf8()).as("s2 gets s1's result").contains("[s1] Paris.");
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).as("the summary sees both").contains("Paris.")
                .contains("About 2.1 million.");
    }

    private static mockwebserver3.MockResponse planning(String id, String arguments) {
        return FakeOpenAi.toolCall(id, "planning", arguments);
    }

    private static mockwebserver3.MockResponse marked(String id, String step) {
        return planning(id, "{\"command\":\"mark_step\",\"step_id\":\"" + step + "\",\"step_status\":\"completed\"}");
    }

    @Test
    void aPlanKilledAfterItsSecondStepGoesOnAtTheThirdInANewProcess() throws Exception {
        server.enqueue(planning("p1", "{\"command\":\"create\",\"steps\":[{\"id\":\"s1\",\"description\":"
                + "\"find the capital\"},{\"id\":\"s2\",\"description\":\"find its population\",\"depends_on\":"
                + "[\"s1\"]},{\"id\":\"s3\",\"description\":\"round the figure\",\"depends_on\":[\"s2\"]}]}"));
        server.enqueue(FakeOpenAi.answer("Planned."));
        server.enqueue(FakeOpenAi.answer("Paris."));
        server.enqueue(marked("p2", "s1"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("About 2.1 million."));
        server.enqueue(marked("p3", "s2"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        // The third step's answer never comes in time: the process is killed while it waits.
        server.enqueue(new mockwebserver3.MockResponse.Builder().headersDelay(30, TimeUnit.SECONDS)
                .body("never").build());
        ProcessBuilder builder = new ProcessBuilder(installation.resolve("bin/agentloop").toString(), "run", "--plan",
                "How many people live in the capital of France, roughly?").directory(work.toFile())
                .redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        Process first = builder.start();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(first.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null && !line.equals("[step s3] round the figure")) {
                // reading until the third step starts, after the second is done and saved
            }
            assertThat(line).as(Files.readString(work.resolve("err.txt"))).isNotNull();
            for (int i = 0; i < 9; i++) { // the plan, steps 1 and 2 with their reviews, and step 3's call, waiting
                assertThat(server.takeRequest(30, TimeUnit.SECONDS)).as("request " + (i + 1)).isNotNull();
            }
            first.destroyForcibly();
            assertThat(first.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
        server.enqueue(FakeOpenAi.answer("About 2 million."));
        server.enqueue(marked("p4", "s3"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        server.enqueue(FakeOpenAi.answer("Paris has about 2 million people."));

        Outcome resumed = agentloop("run", "--plan", "--continue");

        assertThat(resumed.exit()).as(resumed.err() + resumed.out()).isZero();
        assertThat(resumed.out()).contains("[resume] How many people live in the capital of France, roughly?: 2 of 3 "
                + "step(s) done, going on").contains("[step s3] done").doesNotContain("[step s1]")
                .contains("-- PLAN DONE: 3 step(s), 0 failed, 0 replan(s)");
        String third = server.takeRequest().getBody().utf8();
        assertThat(third).as("the first request goes on at step 3, with step 2's result").contains("round the figure")
                .contains("[s2] About 2.1 million.").doesNotContain("response_format");
        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).as("the summary sees the steps of both processes")
                .contains("Paris.").contains("About 2.1 million.").contains("About 2 million.");
    }

    @Test
    void anMcpServerDoesNotOutliveALauncherKilledWithSigkill() throws Exception {
        Files.writeString(work.resolve("user.yaml"), "mcp:\n  servers:\n    memory:\n      command: "
                + McpReferenceServers.node() + "\n      args: [\"" + McpReferenceServers.script("server-memory")
                + "\"]\n");
        ProcessBuilder builder = new ProcessBuilder(installation.resolve("bin/agentloop").toString(), "chat")
                .directory(work.toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        Process launcher = builder.start();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(launcher.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null && !line.startsWith("Chatting with")) {
                // the chat greets once its agent, and so its MCP servers, are ready
            }
            assertThat(line).as(Files.readString(work.resolve("err.txt"))).isNotNull();
            // the server itself, not the bwrap that holds it in a PID namespace of its own
            List<ProcessHandle> servers = launcher.descendants().filter(p -> p.info().arguments()
                    .map(a -> List.of(a).contains(McpReferenceServers.script("server-memory").toString()))
                    .orElse(false) && !p.info().command().orElse("").endsWith("/bwrap")).toList();
            assertThat(servers).hasSize(1);

            launcher.destroyForcibly();

            assertThat(servers.getFirst().onExit().get(20, TimeUnit.SECONDS).isAlive())
                    .as("the server sees its stdin close and exits").isFalse();
        } finally {
            launcher.destroyForcibly();
        }
    }

    @Test
    void mcpServeOffersTheInstallationsToolsUnderItsPermissionRules() throws Exception {
        Files.writeString(work.resolve("notes.txt"), "The build uses Maven.\n");
        Files.writeString(work.resolve("secret.txt"), "not for clients\n");
        Files.writeString(work.resolve("user.yaml"), "workspace:\n  root: \"" + work + "\"\npermissions:\n"
                + "  deny: [\"read(secret.txt)\"]\n");
        Map<String, String> env = new java.util.HashMap<>();
        environment(env);
        McpJsonMapper json = new JacksonMcpJsonMapper(JsonMapper.builder().build());
        var transport = new StdioClientTransport(ServerParameters.builder(installation.resolve("bin/agentloop")
                .toString()).args("mcp", "serve").env(env).build(), json);
        try (var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(30)).jsonSchemaValidator(new DefaultJsonSchemaValidator())
                .build()) {
            assertThat(client.initialize().serverInfo().name()).isEqualTo("agentloop");

            var tools = client.listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name).contains("read", "write", "bash", "change_case");
            assertThat(tools).filteredOn(t -> t.name().equals("read")).singleElement()
                    .satisfies(t -> assertThat(t.annotations().readOnlyHint()).isTrue());

            var read = client.callTool(new McpSchema.CallToolRequest("read",
                    Map.of("path", "notes.txt"), null));
            assertThat(read.isError()).isFalse();
            assertThat(((McpSchema.TextContent) read.content().getFirst()).text())
                    .contains("The build uses Maven.");

            var denied = client.callTool(new McpSchema.CallToolRequest("read",
                    Map.of("path", "secret.txt"), null));
            assertThat(denied.isError()).isTrue();
            assertThat(((McpSchema.TextContent) denied.content().getFirst()).text())
                    .contains("denied").doesNotContain("not for clients");

            var asks = client.callTool(new McpSchema.CallToolRequest("write",
                    Map.of("path", "new.txt", "content", "hello"), null));
            assertThat(asks.isError()).as("a write asks, and no one can answer: refused").isTrue();
            assertThat(work.resolve("new.txt")).doesNotExist();
        }
    }

    @Test
    void plantedSecretsNeverReachTheModelHoweverACommandSpellsThem() throws Exception {
        String planted = "tok-planted-7731-env";
        String dotenv = "dotenv-planted-7731";
        String key = "ssh-key-planted-7731";
        Path home = Files.createDirectories(elsewhere.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/id_rsa"), key);
        Files.writeString(work.resolve(".env"), "API_TOKEN=" + dotenv + "\n");
        Files.writeString(work.resolve("user.yaml"), "workspace:\n  env-allow: [PLAIN_SETTING]\n");
        extraEnv.put("HOME", home.toString());
        extraEnv.put("DEPLOY_TOKEN", planted);
        extraEnv.put("PLAIN_SETTING", "visible-7731");
        List<String> spellings = List.of(
                "cat /proc/1/environ /proc/[0-9]*/environ | tr '\\0' '\\n'; cat /proc/$PPID/cmdline",
                "env; printenv DEPLOY_TOKEN OPENAI_API_KEY",
                "cat .env; cat ./.e*; cat '.en''v'; cat \"$(printf '.e%s' nv)\"",
                "cp .env /tmp/copy && cat /tmp/copy; cat ~/.ssh/id_rsa; cat $HOME/.ss?/id_*; tar c .env | tar xO");
        for (int i = 0; i < spellings.size(); i++) {
            server.enqueue(FakeOpenAi.toolCall("call_" + i, "bash", "{\"command\":" + jsonString(spellings.get(i))
                    + "}"));
        }
        server.enqueue(FakeOpenAi.toolCall("call_read", "read", "{\"path\":\".env\"}"));
        server.enqueue(FakeOpenAi.answer("Looked everywhere."));

        Outcome run = agentloop("run", "--json", "--yes", "Find the keys");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(run.err()).contains("WARNING --yes is on");
        List<String> bodies = new ArrayList<>();
        while (server.getRequestCount() > bodies.size()) {
            bodies.add(server.takeRequest().getBody().utf8());
        }
        assertThat(bodies).hasSize(spellings.size() + 2);
        assertThat(bodies.getLast()).contains("visible-7731").contains("Error (denied)");
        for (String body : bodies) {
            assertThat(body).doesNotContain(planted).doesNotContain(dotenv).doesNotContain(key)
                    .doesNotContain("sk-test-key-123456");
        }
        assertThat(run.out()).doesNotContain(planted).doesNotContain(dotenv).doesNotContain(key);
        assertThat(Files.readString(auditLog)).contains("\"tool\":\"bash\"").doesNotContain(planted)
                .doesNotContain(dotenv).doesNotContain(key);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(auditLog))).isEqualTo("rw-------");
    }

    @Test
    void aBubblewrapPlantedOnThePathIsNeverTheSandbox() throws Exception {
        Path planted = Files.createDirectories(work.resolve(".venv/bin"));
        Path marker = work.resolve("planted-bwrap-ran");
        Files.writeString(planted.resolve("bwrap"), "#!/bin/sh\necho ran > '" + marker + "'\nexec /usr/bin/bwrap \"$@\"\n");
        Files.setPosixFilePermissions(planted.resolve("bwrap"), PosixFilePermissions.fromString("rwx------"));
        extraEnv.put("PATH", planted + ":" + System.getenv("PATH"));
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo inside-7120\"}"));
        server.enqueue(FakeOpenAi.answer("Done."));

        Outcome run = agentloop("run", "--yes", "Say it");

        assertThat(run.exit()).as(run.err() + run.out()).isZero();
        assertThat(marker).as("the bwrap planted in a folder on PATH ran").doesNotExist();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).contains("inside-7120");
    }

    @Test
    void earlierConversationsAndTheAuditLogMovedIntoTheWorkspaceStayHiddenFromCommands() throws Exception {
        String earlier = "earlier-talk-5521";
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"echo " + earlier + "\"}"));
        server.enqueue(FakeOpenAi.answer("Noted."));
        Outcome first = agentloop("run", "--yes", "Remember " + earlier);
        assertThat(first.exit()).as(first.err() + first.out()).isZero();
        assertThat(Files.readString(auditLog)).contains(earlier);
        server.takeRequest();
        server.takeRequest();
        server.enqueue(FakeOpenAi.toolCall("call_2", "bash", "{\"command\":" + jsonString("cat audit.jsonl; cat "
                + "sessions/* sessions/*/* 2>&1; grep -r " + earlier.substring(0, 8) + " sessions audit.jsonl; "
                + "echo looked") + "}"));
        server.enqueue(FakeOpenAi.answer("Nothing."));

        Outcome second = agentloop("run", "--yes", "What did we talk about?");

        assertThat(second.exit()).as(second.err() + second.out()).isZero();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).contains("looked").doesNotContain(earlier);
    }

    private static String jsonString(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Test
    void anMcpServerThatPrintsABannerAndAnswersTooMuchIsSaidInOneLineEachWithoutStackTraces() throws Exception {
        // The MCP plugin's own misbehaving test server, copied out of the project.
        Path script = Files.copy(Path.of(System.getProperty("agentloop.root"), "plugins", "mcp", "src", "test",
                "resources", "odd-server.mjs"), work.resolve("odd-server.mjs"));
        Files.writeString(work.resolve("user.yaml"), "mcp:\n  servers:\n    odd:\n      command: "
                + McpReferenceServers.node() + "\n      args: [" + jsonString(script.toString()) + "]\n"
                + "      env:\n        BANNER: \"1\"\n        RESULT_SIZE: \"" + 50 * 1024 * 1024 + "\"\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "odd_big", "{}"));
        server.enqueue(FakeOpenAi.answer("Too big."));

        Outcome run = agentloop("run", "--yes", "Get it all");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.err().lines().filter(line -> line.contains("odd")).toList()).singleElement().asString()
                .contains("MCP server 'odd' wrote a line on stdout that is not JSON-RPC, skipped: "
                        + "'odd-server 1.0 listening on stdio'");
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(run.out()).contains("MCP server 'odd': sent a message of more than 16 MB on stdout")
                .doesNotContain("exited with code");
    }

    @Test
    void ctrlCDuringAToolEndsTheRunCancelledWithEveryRecordTheCheckpointAndNoProcessLeft() throws Exception {
        String marker = "agentloop-marker-" + java.util.UUID.randomUUID();
        server.enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"setsid bash -c 'sleep 300; true "
                + marker + "' & echo started; sleep 60\"}"));
        Process launcher = startAndAwaitTool("run", "--json", "--yes", "Wait a minute");
        Await.until("the command's background process", () -> !processesNamed(marker).isEmpty() || !launcher.isAlive(),
                () -> Files.readString(work.resolve("err.txt")));

        ctrlC(launcher);

        Await.exit(launcher, "the launcher exits after Ctrl-C");
        assertThat(launcher.exitValue()).as(Files.readString(work.resolve("err.txt"))).isEqualTo(130);
        Path session;
        try (Stream<Path> files = Files.list(work.resolve("sessions"))) {
            session = files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
        }
        List<String> records = Files.readAllLines(session);
        assertThat(records).anySatisfy(r -> assertThat(r).contains("\"type\":\"result\"").contains("cancelled"));
        assertThat(records.getLast()).contains("\"type\":\"checkpoint\"").contains("COMPLETED CANCELLED");
        // The sandbox's end has the kernel kill what the command left; on a loaded machine they take a moment to go.
        for (ProcessHandle left : processesNamed(marker)) {
            left.onExit().get(Await.LIMIT.toMinutes(), TimeUnit.MINUTES);
        }
        assertThat(processesNamed(marker)).as("processes the command started").isEmpty();
    }

    private static List<ProcessHandle> processesNamed(String marker) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker))
                .orElse(false)).toList();
    }

    /** Ctrl-C in a terminal: SIGINT to the launcher, which must be catching it (else nothing would happen). */
    private static void ctrlC(Process launcher) throws Exception {
        List<String> status = Files.readAllLines(Path.of("/proc", Long.toString(launcher.pid()), "status"));
        String caught = status.stream().filter(line -> line.startsWith("SigCgt:")).findFirst().orElseThrow();
        assertThat(Long.parseLong(caught.substring("SigCgt:".length()).strip(), 16) & (1L << 1))
                .as("the launcher catches SIGINT (" + status.stream().filter(line -> line.startsWith("Sig"))
                        .toList() + ")").isNotZero();
        assertThat(new ProcessBuilder("kill", "-INT", Long.toString(launcher.pid())).start().waitFor())
                .as("kill -INT " + launcher.pid()).isZero();
    }

    @Test
    void ctrlCDuringAnMcpCallEndsTheRunCancelledAndTheServerWithIt() throws Exception {
        String script = McpReferenceServers.script("server-everything").toString();
        Files.writeString(work.resolve("user.yaml"), "mcp:\n  servers:\n    everything:\n      command: "
                + McpReferenceServers.node() + "\n      args: [\"" + script + "\"]\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "everything_trigger-long-running-operation",
                "{\"duration\":120,\"steps\":4}"));
        Process launcher = startAndAwaitTool("run", "--json", "Take your time");
        List<ProcessHandle> servers = launcher.descendants().filter(p -> p.info().arguments()
                .map(a -> List.of(a).contains(script)).orElse(false)
                && !p.info().command().orElse("").endsWith("/bwrap")).toList();
        assertThat(servers).as("the server the call went to " + Files.readString(work.resolve("err.txt"))).hasSize(1);

        ctrlC(launcher);

        Await.exit(launcher, "the launcher exits after Ctrl-C");
        assertThat(launcher.exitValue()).as(Files.readString(work.resolve("err.txt"))).isEqualTo(130);
        assertThat(Files.readString(work.resolve("out.txt"))).contains("\"reason\":\"CANCELLED\"");
        assertThat(servers.getFirst().onExit().get(Await.LIMIT.toMinutes(), TimeUnit.MINUTES).isAlive())
                .as("the MCP server does not outlive the launcher").isFalse();
    }

    @Test
    void aPluginToolThatNeverReturnsDoesNotKeepTheLauncherFromExiting() throws Exception {
        PluginJarBuilder.plugin("spin-tools").version("1.0.0").provides(Tool.class, SpinTool.class)
                .writeTo(installation.resolve("plugins"));
        Path spinning = work.resolve("spinning");
        server.enqueue(FakeOpenAi.toolCall("call_1", "spin", "{\"started\":" + jsonString(spinning.toString()) + "}"));
        Process launcher = startAndAwaitTool("run", "--json", "Spin");
        Await.until("the tool to spin", () -> Files.exists(spinning) || !launcher.isAlive(),
                () -> Files.readString(work.resolve("err.txt")));
        assertThat(spinning).as(Files.readString(work.resolve("err.txt"))).exists();

        ctrlC(launcher);

        Await.exit(launcher, "the launcher exits though its tool spins");
        assertThat(launcher.exitValue()).as(Files.readString(work.resolve("err.txt"))).isEqualTo(130);
        assertThat(ProcessHandle.of(launcher.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void aPluginThatCallsSystemExitIsNamedAndTheRunsSessionKeepsItsRecords() throws Exception {
        PluginJarBuilder.plugin("exit-tools").version("1.0.0").provides(Tool.class, ExitTool.class)
                .writeTo(installation.resolve("plugins"));
        server.enqueue(FakeOpenAi.toolCall("call_1", "quit", "{}"));

        Outcome run = agentloop("run", "Quit");

        assertThat(run.err()).contains("agentloop: plugin exit-tools@1.0.0: tool 'quit' called System.exit at "
                + ExitTool.class.getName() + ".execute");
        // The plugin asked for 0; the run has no answer, and the launcher says so in its code, once.
        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.err().lines().filter(line -> line.contains("System.exit"))).hasSize(1);
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception");
        Path session;
        try (Stream<Path> files = Files.list(work.resolve("sessions"))) {
            session = files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
        }
        assertThat(Files.readAllLines(session).getLast()).contains("\"type\":\"checkpoint\"")
                .contains("COMPLETED CANCELLED");
    }

    @Test
    void aPluginBundlingAJdbcDriverQueriesItsDatabaseThroughTheLauncher() throws Exception {
        PluginJarBuilder plugin = PluginJarBuilder.plugin("sql-tools").version("1.0.0").provides(Tool.class,
                SqlTool.class);
        bundle(plugin, org.h2.Driver.class).writeTo(installation.resolve("plugins"));
        server.enqueue(FakeOpenAi.toolCall("call_1", "sql", "{\"query\":\"SELECT 6*7\"}"));
        server.enqueue(FakeOpenAi.answer("The database says 42."));

        Outcome run = agentloop("run", "Ask the database");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).containsPattern(ToolLine.closing("sql", "ok -> answer=42")).doesNotContain("No suitable driver");
    }

    /** Adds the classes and resources of the library {@code type} comes from, as the shade plugin does. */
    private static PluginJarBuilder bundle(PluginJarBuilder plugin, Class<?> type) throws Exception {
        Path library = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(library.toFile())) {
            for (java.util.zip.ZipEntry entry : java.util.Collections.list(jar.entries())) {
                String name = entry.getName();
                if (entry.isDirectory() || name.equals("META-INF/MANIFEST.MF") || name.startsWith("META-INF/versions/")
                        || name.endsWith("module-info.class")) {
                    continue;
                }
                try (java.io.InputStream in = jar.getInputStream(entry)) {
                    plugin.withEntry(name, in.readAllBytes());
                }
            }
        }
        return plugin;
    }

    @Test
    void aPluginThatCallsSystemExitWhileLoadingIsNamedAndEveryCommandFailsSaying() throws Exception {
        PluginJarBuilder.plugin("exit-on-load").version("1.0.0").provides(Tool.class, ExitOnLoadTool.class)
                .writeTo(installation.resolve("plugins"));

        Outcome plugins = agentloop("plugins");

        assertThat(plugins.exit()).as(plugins.out() + plugins.err()).isEqualTo(3);
        assertThat(plugins.err()).isEqualTo("agentloop: plugin exit-on-load@1.0.0 called System.exit at "
                + ExitOnLoadTool.class.getName() + ".<clinit>(ExitOnLoadTool.java:12) while loading, which ends every "
                + "command: remove it from the plugin folder or list its id in plugins.disabled\n");
    }

    @Test
    void aPluginWhoseOnlyToolNameIsTakenIsIncompleteAndSaidOnce() throws Exception {
        PluginJarBuilder.plugin("shadow").version("1.0.0").provides(Tool.class, ShadowReadTool.class)
                .writeTo(installation.resolve("plugins"));

        Outcome plugins = agentloop("plugins");

        assertThat(plugins.exit()).as(plugins.err()).isZero();
        assertThat(plugins.err().lines().filter(line -> line.contains("'read'")).toList()).containsExactly(
                "problem: shadow-1.0.0.jar: tool 'read' from plugin shadow@1.0.0 is ignored: built-in already "
                        + "provides it");
        assertThat(plugins.out().lines().filter(line -> line.contains("shadow")).findFirst()).get().asString()
                .contains("INCOMPLETE");
    }

    @Test
    void theLauncherFollowsHomeForItsDefaultFolders() throws Exception {
        Path home = Files.createDirectories(elsewhere.resolve("someone"));
        extraEnv.put("HOME", home.toString());
        extraEnv.put("AGENTLOOP_SESSIONS", "");
        extraEnv.put("XDG_DATA_HOME", "");
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "Write 'hello agent world' in camel case");

        assertThat(run.exit()).as(run.err()).isZero();
        try (Stream<Path> files = Files.list(home.resolve(".local/share/agentloop/sessions"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".jsonl")).toList()).hasSize(1);
        }
    }

    @Test
    void theDemoAlsoChats() throws Exception {
        Path input = Files.writeString(work.resolve("input.txt"), "Count the words of: the cat sat\nexit\n");
        List<String> command = List.of(installation.resolve("bin/agentloop").toString(), "chat", "--demo");
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile()).redirectInput(input.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        Process chat = builder.start();

        assertThat(chat.waitFor(60, TimeUnit.SECONDS)).as("chat ends at 'exit'").isTrue();
        String out = Files.readString(work.resolve("out.txt"));
        assertThat(chat.exitValue()).as(Files.readString(work.resolve("err.txt"))).isZero();
        assertThat(out).contains("Offline demo: stories260K").contains("[tool] word_count")
                .contains("-- COMPLETED ANSWERED");
        assertThat(server.getRequestCount()).as("no provider server is asked").isZero();
    }

    @Test
    void aPluginsSettingsInTheConfigurationReachItAndConfigMasksItsSecrets() throws Exception {
        Path configured = work.resolve("configured-audit.jsonl");
        Files.writeString(work.resolve("user.yaml"), "plugins:\n  audit-trail:\n    file: " + configured
                + "\n    api-key: sk-plugin-secret-123456\n");
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "Make it camel case");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(configured).content().contains("\"change_case\"");
        assertThat(auditLog).as("the environment's file is only the fallback").doesNotExist();
        Outcome config = agentloop("config");
        assertThat(config.out()).contains("plugins.audit-trail.file = " + configured)
                .contains("plugins.audit-trail.api-key = sk-****56").doesNotContain("sk-plugin-secret-123456");
    }

    @Test
    void theLauncherRunsOnTheModulePath() throws Exception {
        Outcome version = agentloop("--version");

        assertThat(version.exit()).isZero();
        assertThat(version.out()).contains("module io.agentloop.launcher on the module path");
        // on the class path every module would be one unnamed module, and the core's internals open
        assertThat(version.out()).doesNotContain("class path");
    }

    /** An answer in Markdown, streamed in pieces that cut through its blocks. */
    private static final String[] MARKDOWN_ANSWER = {"# Pl", "an\n\nCount with **care** and `wc`.\n",
        "\n- one\n- two\n\n```sh\nwc -w notes", ".txt\n```\n"};

    /**
     * Runs {@code agentloop chat} in a pseudo-terminal ({@code script} from util-linux) with these
     * lines typed, and returns what the terminal showed.
     */
    private String chatInATerminal(String typed, Map<String, String> variables) throws Exception {
        return inATerminal("chat", typed, variables);
    }

    /** Runs {@code agentloop command} in a pseudo-terminal with these lines typed; what the terminal showed. */
    private String inATerminal(String command, String typed, Map<String, String> variables) throws Exception {
        Path script = Stream.of("/usr/bin/script", "/bin/script").map(Path::of).filter(Files::isExecutable)
                .findFirst().orElseThrow(() -> new AssertionError("these tests drive chat in a pseudo-terminal with "
                        + "'script': install util-linux (Debian: apt-get install bsdutils)"));
        String launcher = "'" + installation.resolve("bin/agentloop").toString().replace("'", "'\\''") + "'";
        ProcessBuilder builder = new ProcessBuilder(script.toString(), "-qfec", launcher + " " + command, "/dev/null")
                .directory(work.toFile()).redirectOutput(work.resolve("tty.txt").toFile())
                .redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        builder.environment().putAll(variables);
        Process process = builder.start();
        // typed ahead: the terminal keeps the lines until chat reads them; input stays open until the end
        process.getOutputStream().write(typed.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
        boolean exited = process.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
        }
        process.getOutputStream().close();
        String shown = Files.readString(work.resolve("tty.txt"), StandardCharsets.UTF_8);
        assertThat(exited).as(command + " ends at 'exit': " + shown + Files.readString(work.resolve("err.txt"))).isTrue();
        return shown;
    }

    @Test
    void chatInATerminalShowsAStatusLineRendersMarkdownInColourAndStylesToolLines() throws Exception {
        server.enqueue(FakeOpenAi.toolCall("call_1", "change_case", "{\"text\":\"hello agent world\",\"style\":\"camel\"}")
                .newBuilder().headersDelay(1500, TimeUnit.MILLISECONDS).build());
        server.enqueue(FakeOpenAi.answer(MARKDOWN_ANSWER));
        String esc = "\u001b[";

        String shown = chatInATerminal("count it\nexit\n", Map.of("TERM", "xterm-256color", "LANG", "C.UTF-8"));

        assertThat(shown).as("the status line while the model thinks, erased after")
                .containsPattern("[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]" + "\\Q" + esc + "39m thinking" + esc + "2m · \\E\\d+\\.\\d+s · 0 tokens")
                .contains("\r" + esc + "2K");
        assertThat(shown).as("the tool line and its outcome")
                .contains(esc + "36m●" + esc + "39m " + esc + "1mchange_case" + esc + "22m " + esc
                        + "2mtext: hello agent world, style: camel" + esc + "22m")
                .contains(esc + "32mok" + esc + "39m").contains("helloAgentWorld");
        assertThat(shown).as("the answer as Markdown")
                .contains(esc + "1m" + esc + "4m" + esc + "35mPlan" + esc + "39m" + esc + "24m" + esc + "22m")
                .contains("Count with " + esc + "1mcare" + esc + "22m and " + esc + "36mwc" + esc + "39m.")
                .contains(esc + "36m•" + esc + "39m one")
                .contains(esc + "2m│ sh" + esc + "22m")
                .contains(esc + "2m│" + esc + "22m " + esc + "33mwc -w notes.txt" + esc + "39m")
                .doesNotContain("# Plan").doesNotContain("```").doesNotContain("**care**");
    }

    @Test
    void aHubOfTwoConfiguredAgentsAndThePersonHearEachOtherUntilOneLeaves() throws Exception {
        Files.writeString(installed.userConfig(), """
                agents:
                  alpha:
                    description: Argues for the change.
                    system: You are alpha.
                  beta:
                    description: Argues against it.
                    system: You are beta.
                hub:
                  agents: [alpha, beta]
                  user: ada
                """);
        server.enqueue(FakeOpenAi.answer("Rewrite the parser."));
        server.enqueue(FakeOpenAi.answer("Too risky before the release."));
        server.enqueue(FakeOpenAi.answer("After the release, then."));
        server.enqueue(FakeOpenAi.answer("Beta again.")); // for beta, were it still asked after it left

        String shown = inATerminal("hub", "Should we rewrite the parser?\n/leave beta\nAnd now?\nexit\n",
                Map.of("TERM", "xterm-256color", "LANG", "C.UTF-8", "NO_COLOR", "1"));

        assertThat(shown).contains("A conversation of alpha, beta and ada.").contains("alpha> Rewrite the parser.")
                .contains("beta> Too risky before the release.").contains("beta has left the conversation.")
                .contains("alpha> After the release, then.").contains("Bye.").doesNotContain("Beta again.");
        List<String> requests = new ArrayList<>();
        for (int i = 0; i < server.getRequestCount(); i++) {
            requests.add(server.takeRequest().getBody().utf8());
        }
        assertThat(requests).as("alpha, beta, then alpha alone").hasSize(3);
        assertThat(requests.get(1)).as("beta hears the person and alpha").contains("You are beta.")
                .contains("[ada]: Should we rewrite the parser?").contains("[alpha]: Rewrite the parser.");
        assertThat(requests.get(2)).as("alpha hears beta and the person").contains("You are alpha.")
                .contains("[beta]: Too risky before the release.").contains("[ada]: And now?");
        assertThat(requests).as("beta, gone, is asked nothing more and told nothing more")
                .filteredOn(body -> body.contains("You are beta.")).singleElement().asString()
                .doesNotContain("And now?");
    }

    @Test
    void withNoColorATerminalGetsNoColourCodesAndAPipeGetsThePlainText() throws Exception {
        server.enqueue(FakeOpenAi.answer(MARKDOWN_ANSWER));
        String shown = chatInATerminal("plan it\nexit\n", Map.of("TERM", "xterm-256color", "LANG", "C.UTF-8",
                "NO_COLOR", "1"));

        assertThat(shown).contains("Plan").contains("• one").contains("│ wc -w notes.txt");
        assertThat(shown).as("no colour or style code").doesNotContainPattern("\\u001b\\[[0-9;]*m");

        server.enqueue(FakeOpenAi.answer(MARKDOWN_ANSWER));
        Path input = Files.writeString(work.resolve("input.txt"), "plan it\nexit\n");
        ProcessBuilder builder = new ProcessBuilder(installation.resolve("bin/agentloop").toString(), "chat")
                .directory(work.toFile()).redirectInput(input.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        builder.environment().put("TERM", "xterm-256color");
        Process piped = builder.start();
        assertThat(piped.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8);
        assertThat(out).as("the answer exactly as the model wrote it")
                .contains("# Plan\n\nCount with **care** and `wc`.\n\n- one\n- two\n\n```sh\nwc -w notes.txt\n```\n")
                .doesNotContain("\u001b");
    }

    /**
     * Starts the launcher and waits until its first tool call has started. It starts with SIGINT at
     * its default, as a terminal's foreground command has it: a build started in the background of a
     * script (or by a CI runner) ignores SIGINT, its children inherit that, and a JVM leaves an
     * ignored SIGINT ignored, so Ctrl-C would never reach the launcher under test.
     */
    private Process startAndAwaitTool(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT",
                installation.resolve("bin/agentloop").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        Process launcher = builder.start();
        Path out = work.resolve("out.txt");
        Await.until("the tool call to start", () -> Files.readString(out).contains("\"tool_call_started\"")
                || !launcher.isAlive(), () -> Files.readString(work.resolve("err.txt")));
        assertThat(Files.readString(out)).as(Files.readString(work.resolve("err.txt")))
                .contains("\"tool_call_started\"");
        return launcher;
    }

    @Test
    void jsonOutputIsOneEventPerLine() throws Exception {
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "--json", "Camel case please");

        assertThat(run.exit()).as(run.err()).isZero();
        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = run.out().lines().map(json::readTree).toList();
        assertThat(events.get(0).path("type").asString()).isEqualTo("session");
        assertThat(events.get(1).path("type").asString()).isEqualTo("run_started");
        assertThat(events).filteredOn(e -> e.path("type").asString().equals("tool_call_completed"))
                .singleElement().satisfies(e -> {
                    assertThat(e.path("name").asString()).isEqualTo("change_case");
                    assertThat(e.path("content").asString()).isEqualTo("helloAgentWorld");
                });
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.path("type").asString()).isEqualTo("run_completed");
        assertThat(last.path("reason").asString()).isEqualTo("ANSWERED");
        assertThat(last.path("text").asString()).isEqualTo("In camel case: helloAgentWorld.");
    }

    @Test
    void aPlantedKeyIsInNoSessionFileLogLineTraceOrEvent() throws Exception {
        String key = "sk-proj-PlantedKey0123456789abcdefXYZ";
        Files.writeString(work.resolve("notes.txt"), "deploy with OPENAI_API_KEY=" + key + "\n");
        Files.writeString(work.resolve("user.yaml"), "trace:\n  file: " + work.resolve("trace.jsonl") + "\n");
        server.enqueue(FakeOpenAi.toolCall("call_1", "read", "{\"path\":\"notes.txt\"}"));
        server.enqueue(FakeOpenAi.answer("The key is ", key, "."));

        Outcome run = agentloop("run", "--json", "--verbose", "What key is in notes.txt? (it is " + key + ")");

        assertThat(run.exit()).as(run.err()).isZero();
        server.takeRequest();
        assertThat(server.takeRequest().getBody().utf8()).as("the user's own message reaches the model as written, the "
                + "file's copy masked").contains(key).contains(SecretRedactor.MASK);
        assertThat(run.out()).contains("tool_call_completed").contains(SecretRedactor.MASK).doesNotContain(key);
        assertThat(run.err()).contains("DEBUG").contains("tool read (call_1) returned").contains(SecretRedactor.MASK)
                .doesNotContain(key);
        assertThat(Files.readString(work.resolve("trace.jsonl"))).contains("tool_call").doesNotContain(key);
        List<Path> sessionFiles;
        try (Stream<Path> files = Files.list(work.resolve("sessions"))) {
            sessionFiles = files.filter(f -> f.toString().endsWith(".jsonl")).toList();
        }
        assertThat(sessionFiles).singleElement().satisfies(file -> assertThat(Files.readString(file))
                .contains("notes.txt").contains(SecretRedactor.MASK).doesNotContain(key));
    }

    @Test
    void theFirstRunTrainsAClassArchiveInTheBackgroundAndTheNextRunLoadsFromIt() throws Exception {
        Path cache = work.resolve("cache");
        extraEnv.put("AGENTLOOP_CLASS_CACHE", "on");
        // Trained at the test's own priority: at the default lower one, a machine busy with other work can
        // leave the training almost no processor, and no test may need an idle machine.
        extraEnv.put("AGENTLOOP_CLASS_CACHE_NICE", "0");
        extraEnv.put("XDG_CACHE_HOME", cache.toString());
        // the test's model is in no table: its window is given, so the run says nothing but its mode
        Files.writeString(installed.userConfig(), "compaction:\n  context-windows: [\"openai/gpt-test 128000\"]\n");
        scriptToolCallThenAnswer();

        Outcome first = agentloop("run", "Make it camel case");

        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.err()).as("only the headless run's mode line").startsWith("agentloop: mode ask (")
                .hasLineCount(1);
        Path archive = awaitArchive(cache.resolve("agentloop"), Await.LIMIT);
        assertThat(archive.getFileName().toString()).matches("classes-\\d+-\\d+-\\d+\\.(aot|jsa)");

        scriptToolCallThenAnswer();
        Path classLog = work.resolve("classes.log");
        extraEnv.put("JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog);
        Outcome second = agentloop("run", "Make it camel case");

        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(second.err()).as("no JVM warning about the archive").doesNotContain("[warning]")
                .startsWith("agentloop: mode ask (").hasLineCount(1);
        assertThat(second.out()).containsPattern(ToolLine.closing("change_case", "ok -> helloAgentWorld"));
        assertThat(Files.readAllLines(classLog)).anyMatch(line -> line.contains("io.agentloop.launcher.Launcher ")
                && line.contains("source: shared objects file"));
    }

    @Test
    void theClassCacheChangesNeitherWhatIsPrintedNorTheVersion() throws Exception {
        Outcome withoutCache = agentloop("--version");
        extraEnv.put("AGENTLOOP_CLASS_CACHE", "on");
        // Trained at the test's own priority: at the default lower one, a machine busy with other work can
        // leave the training almost no processor, and no test may need an idle machine.
        extraEnv.put("AGENTLOOP_CLASS_CACHE_NICE", "0");
        Path cache = work.resolve("cache");
        extraEnv.put("XDG_CACHE_HOME", cache.toString());

        Outcome training = agentloop("--version");
        awaitArchive(cache.resolve("agentloop"), Await.LIMIT);
        Outcome fromTheCache = agentloop("--version");
        Outcome again = agentloop("--version");

        for (Outcome withCache : List.of(withoutCache, training, fromTheCache, again)) {
            assertThat(withCache.exit()).isZero();
            assertThat(withCache.err()).as("nothing on stderr, no JVM warning").isEmpty();
        }
        assertThat(withoutCache.out()).startsWith("Agentloop " + System.getProperty("agentloop.version") + "\n");
        assertThat(List.of(training.out(), fromTheCache.out(), again.out())).containsOnly(withoutCache.out());
    }

    /** Waits (on file events, with a deadline) until the archive is in place and its training is over. */
    private static Path awaitArchive(Path folder, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        try (java.nio.file.WatchService events = folder.getFileSystem().newWatchService()) {
            folder.register(events, java.nio.file.StandardWatchEventKinds.ENTRY_CREATE,
                    java.nio.file.StandardWatchEventKinds.ENTRY_DELETE);
            while (true) {
                List<Path> entries;
                try (Stream<Path> list = Files.list(folder)) {
                    entries = list.toList();
                }
                Optional<Path> archive = entries.stream().filter(p -> p.toString().matches(".*\\.(aot|jsa)")).findFirst();
                if (archive.isPresent() && entries.stream().noneMatch(p -> p.toString().endsWith(".training"))) {
                    return archive.get();
                }
                long left = deadline - System.nanoTime();
                assertThat(left).as("an archive appears in " + folder + " (now: " + entries + ")").isPositive();
                java.nio.file.WatchKey key = events.poll(left, TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
    }

    @Test
    void theOfflineDemoRunsTheTinyModelThroughTheWholeLoopAndExits() throws Exception {
        Outcome run = agentloop("run", "--demo", "--json");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(server.getRequestCount()).as("no provider server is asked").isZero();
        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> events = run.out().lines().map(json::readTree).toList();
        List<String> sequence = new ArrayList<>();
        for (JsonNode event : events) {
            String type = event.path("type").asString();
            boolean shown = List.of("text_delta", "tool_call_started", "tool_call_completed", "run_completed")
                    .contains(type);
            if (shown && (sequence.isEmpty() || !sequence.getLast().equals(type))) {
                sequence.add(type);
            }
        }
        // a streamed model turn, the tool call, its result, the streamed answer
        assertThat(sequence).containsExactly("text_delta", "tool_call_started", "tool_call_completed", "text_delta",
                "run_completed");
        assertThat(events).filteredOn(e -> e.path("type").asString().equals("tool_call_completed"))
                .singleElement().satisfies(e -> {
                    assertThat(e.path("name").asString()).isEqualTo("word_count");
                    assertThat(e.path("ok").asBoolean()).isTrue();
                    assertThat(e.path("content").asString()).containsPattern("^\\d+$");
                });
        JsonNode last = events.getLast();
        assertThat(last.path("state").asString()).isEqualTo("COMPLETED");
        assertThat(last.path("reason").asString()).isEqualTo("ANSWERED");
        assertThat(last.path("text").asString()).isNotBlank();
    }

    @Test
    void theDemoSaysPlainlyWhatTheTinyModelCanDo() throws Exception {
        Outcome run = agentloop("run", "--demo");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("only writes children's stories").contains("Real work needs a real model")
                .contains("[tool] word_count").contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)");
    }

    @Test
    void aCorruptPluginJarIsNamedAndEverythingElseStillWorks() throws Exception {
        PluginJarBuilder.corrupt(installation.resolve("plugins"), "half-downloaded.jar");
        scriptToolCallThenAnswer();

        Outcome run = agentloop("run", "Camel case please");

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.err()).contains("agentloop: plugin half-downloaded.jar: cannot be read as a plugin jar");
        assertThat(run.out()).containsPattern(ToolLine.closing("change_case", "ok -> helloAgentWorld"));
    }

    @Test
    void withoutAProviderTheUserIsToldWhatToSet() throws Exception {
        List<String> command = List.of(installation.resolve("bin/agentloop").toString(), "run", "hello");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(key -> key.startsWith("AGENTLOOP_") || key.startsWith("OPENAI_"));
        builder.environment().put("HOME", installed.home().toString());
        builder.environment().put("XDG_DATA_HOME", work.resolve("data").toString());
        builder.environment().put("AGENTLOOP_CONFIG", work.resolve("user.yaml").toString());
        builder.environment().put("AGENTLOOP_CLASS_CACHE", "off");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(Launcher.CONFIGURATION);
        assertThat(output).contains("no model provider is configured").contains("AGENTLOOP_PROVIDER");
    }

    @Test
    void aCopyOfThePluginTemplateBuiltAsTheReadmeSaysWithTheDefaultJavaIsAPluginTheLauncherLoadsAndRuns()
            throws Exception {
        // As docs/plugins.md says: copy the template, rename it, install Agentloop's artifacts with its command,
        // build the plugin with the template's own wrapper, drop the jar in plugins/. See PluginAuthorBuild.
        Path root = Path.of(System.getProperty("agentloop.root"));
        PluginAuthorBuild.Commands readme = PluginAuthorBuild.readme(root);
        assertThat(root.resolve("plugins/plugin-template/.mvn/find-java")).as("the template finds a JDK as ./dev does")
                .hasSameTextualContentAs(root.resolve("distribution/src/bin/find-java"));
        assertThat(root.resolve("plugins/plugin-template/pom.xml")).as("javac 23 and later run annotation processors "
                + "(PF4J's @Extension index) only when asked").content().contains("<arg>-proc:full</arg>");
        Path clone = PluginAuthorBuild.cloneOf(root, work.resolve("clone"));
        Path project = InstalledLauncher.copy(clone.resolve("plugins/plugin-template"), work.resolve("hello-plugin"));
        Path pom = project.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom).replace("<artifactId>my-agentloop-plugin</artifactId>",
                "<artifactId>hello-plugin</artifactId>").replace(
                "<agentloop.plugin.id>my-plugin</agentloop.plugin.id>", "<agentloop.plugin.id>hello</agentloop.plugin.id>"));
        PluginAuthorBuild author = new PluginAuthorBuild(work);

        PluginAuthorBuild.Outcome install = author.run(readme.install(), clone);
        assertThat(install.exit()).as(readme.install() + "\n" + install.output()).isZero();
        // A user's project that imports the BOM, installed with the rest, and takes agent-core without a
        // version: its own test finds one release of Jackson on its class path.
        PluginAuthorBuild.Outcome consumer = author.run("./dev mvn -q -f examples/bom-consumer/pom.xml verify", clone);
        assertThat(consumer.exit()).as("a project importing only agentloop-bom\n" + consumer.output()).isZero();
        assertThat(clone.resolve("examples/bom-consumer/target/surefire-reports/TEST-io.agentloop.examples.bom.OneJacksonTest.xml"))
                .content().contains("tests=\"1\"").contains("failures=\"0\"").contains("errors=\"0\"");
        PluginAuthorBuild.Outcome build = author.run(readme.build(), project);

        assertThat(build.exit()).as(readme.build() + " with the default Java ("
                + PluginAuthorBuild.olderJdk().map(Path::toString).orElse("the PATH's") + ")\n" + build.output())
                .isZero();
        for (String test : List.of("ShortNamesOnlyTest", "GreetInTheLoopTest", "GreetToolTest", "CountLinesToolTest")) {
            assertThat(project.resolve("target/surefire-reports/TEST-com.example.agentloop.greet." + test + ".xml"))
                    .as("the template's " + test + " ran and passed (the test kit's fakes, the real loop)").content()
                    .contains("tests=\"2\"").contains("failures=\"0\"").contains("errors=\"0\"");
        }
        Path jar = project.resolve("target/hello-plugin-1.0.0.jar");
        assertThat(jar).isRegularFile();
        Files.copy(jar, installation.resolve("plugins").resolve(jar.getFileName()));
        server.enqueue(FakeOpenAi.toolCall("call_1", "greet", "{\"name\":\"Ada\"}"));
        server.enqueue(FakeOpenAi.answer("The tool said: Hello, Ada!"));

        Outcome tools = agentloop("tools");
        Outcome run = agentloop("run", "Greet Ada");

        assertThat(tools.out()).contains("greet").contains("plugin hello@1.0.0").contains("Greets someone by name.");
        assertThat(tools.err()).as("the template has no mistakes to report").doesNotContain("plugin hello");
        Outcome plugins = agentloop("plugins");
        assertThat(plugins.out()).contains("hello 1.0.0  STARTED").contains("Hook com.example.agentloop.greet.ShortNamesOnly");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern(ToolLine.closing("greet", "ok -> Hello, Ada!"));

        // The template's declared setting, set as docs/plugins.md shows, and its tool tried alone, with no model.
        Files.writeString(work.resolve("user.yaml"), "plugins:\n  hello:\n    greeting: Bonjour\n");
        Outcome check = agentloop("config", "--check");
        Outcome call = agentloop("tools", "call", "greet", "{\"name\": \"Ada\"}");

        assertThat(check.exit()).as(check.out() + check.err()).isZero();
        assertThat(agentloop("plugins").out()).contains("greeting (a single value, default Hello): what the greet "
                + "tool says before the name");
        assertThat(call.exit()).as(call.err()).isZero();
        assertThat(call.out()).isEqualTo("Bonjour, Ada!" + System.lineSeparator());
        Files.writeString(work.resolve("user.yaml"), "plugins:\n  hello:\n    greting: Bonjour\n");
        Outcome misspelt = agentloop("config", "--check");
        assertThat(misspelt.exit()).as("a key the plugin does not declare").isEqualTo(Launcher.CONFIGURATION);
        assertThat(misspelt.out() + misspelt.err()).contains("plugins.hello.greting").contains("greeting");
    }
}
