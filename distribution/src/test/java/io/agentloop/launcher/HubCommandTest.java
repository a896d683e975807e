package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code agentloop hub} as the model's server and the person see it: the tools each agent is
 * offered, the conversation kept as a session and resumed, and calls that ask asked of the person.
 */
class HubCommandTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern SESSION = Pattern.compile("Session (\\S+): continue it with agentloop hub --resume");

    @TempDir(factory = VisibleTempDir.class)
    Path home;

    private InProcessLauncher launcher;
    private Path workspace;

    @BeforeEach
    void setUp() throws IOException {
        launcher = InProcessLauncher.start(home, "gpt-test");
        workspace = Files.createDirectories(home.resolve("workspace"));
    }

    @AfterEach
    void tearDown() {
        launcher.close();
    }

    private void configure(String yaml) throws IOException {
        launcher.userConfig("workspace:\n  root: \"" + workspace + "\"\n" + yaml);
    }

    private JsonNode nextBody() throws InterruptedException {
        RecordedRequest request = launcher.server().takeRequest(Await.LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(request).as("a request to the model; the launcher said: " + launcher.err()).isNotNull();
        return JSON.readTree(request.getBody().utf8());
    }

    private static List<String> offered(JsonNode body) {
        return body.path("tools").valueStream().map(t -> t.path("function").path("name").asString()).toList();
    }

    /** Each message of a request as {@code role: text}. */
    private static List<String> messages(JsonNode body) {
        return body.path("messages").valueStream().map(m -> m.path("role").asString() + ": "
                + m.path("content").asString()).toList();
    }

    @Test
    void eachAgentIsOfferedExactlyTheToolsItsProfileListsWithItsModelAndTheConfiguredAgentAllTools() throws Exception {
        configure("""
                agents:
                  reader:
                    description: Reads files.
                    system: You are the reader.
                    tools: [read, grep]
                    model: gpt-reader
                  talker:
                    description: Only talks.
                    system: You are the talker.
                  boss:
                    description: Hands work on.
                    system: You are the boss.
                    tools: [task]
                hub:
                  agents: [reader, talker, boss, default]
                """);
        for (String answer : List.of("I read.", "I talk.", "I delegate.", "I do it all.")) {
            launcher.server().enqueue(FakeOpenAi.answer(answer));
        }

        assertThat(launcher.runTyping("What can you do?\nexit\n", "hub")).as(launcher.err()).isZero();

        JsonNode reader = nextBody();
        assertThat(messages(reader).getFirst()).startsWith("system: You are the reader.");
        assertThat(offered(reader)).containsExactly("read", "grep");
        assertThat(reader.path("model").asString()).as("the profile's own model").isEqualTo("gpt-reader");
        JsonNode talker = nextBody();
        assertThat(messages(talker).getFirst()).startsWith("system: You are the talker.");
        assertThat(offered(talker)).as("a profile that lists no tools has none").isEmpty();
        assertThat(talker.path("model").asString()).as("the configured model").isEqualTo("gpt-test");
        assertThat(offered(nextBody())).as("task only when the profile lists it").containsExactly("task");
        assertThat(offered(nextBody())).as("the configured agent: every tool, and the profiles as sub-agents")
                .contains("read", "write", "edit", "bash", "task");
        assertThat(launcher.out()).contains("reader> I read.").contains("boss> I delegate.")
                .contains("default> I do it all.");
    }

    @Test
    void theConversationIsASessionThatIsListedAndResumedWithItsHistorySentToEachAgent() throws Exception {
        configure("""
                agents:
                  pro:
                    description: Argues for it.
                    system: You are pro.
                  con:
                    description: Argues against it.
                    system: You are con.
                hub:
                  agents: [pro, con]
                  user: ada
                """);
        launcher.server().enqueue(FakeOpenAi.answer("Rewrite it."));
        launcher.server().enqueue(FakeOpenAi.answer("Too risky."));
        assertThat(launcher.runTyping("Should we rewrite the parser?\nexit\n", "hub")).as(launcher.err()).isZero();
        Matcher bye = SESSION.matcher(launcher.out());
        assertThat(bye.find()).as(launcher.out()).isTrue();
        String id = bye.group(1);
        nextBody();
        nextBody();

        launcher.forget();
        assertThat(launcher.run("sessions")).as(launcher.err()).isZero();
        assertThat(launcher.out()).containsPattern("\\Q" + id + "\\E .* 3 messages  hub: pro, con");
        launcher.forget();
        assertThat(launcher.run("sessions", "show", id)).as(launcher.err()).isZero();
        assertThat(launcher.out()).contains("user: [ada]: Should we rewrite the parser?", "user: [pro]: Rewrite it.",
                "user: [con]: Too risky.").containsPattern("checkpoint turn-1 .* COMPLETED ANSWERED, 2 messages")
                .containsPattern("checkpoint turn-2 .* COMPLETED ANSWERED, 3 messages");
        assertThat(Files.readString(home.resolve("sessions").resolve(id + SessionEvents.SUFFIX)))
                .as("each agent's run in the session's events").containsPattern("(?s)run_started.*run_started");

        launcher.forget();
        launcher.server().enqueue(FakeOpenAi.answer("After the release, then."));
        launcher.server().enqueue(FakeOpenAi.answer("Agreed."));
        assertThat(launcher.runTyping("When, then?\nexit\n", "hub", "--resume", id)).as(launcher.err()).isZero();

        assertThat(launcher.out()).contains("Resuming session " + id + " (3 messages).")
                .contains("pro> After the release, then.").contains("con> Agreed.");
        assertThat(messages(nextBody())).containsExactly("system: You are pro.",
                "user: [ada]: Should we rewrite the parser?", "assistant: Rewrite it.", "user: [con]: Too risky.",
                "user: [ada]: When, then?");
        assertThat(messages(nextBody())).containsExactly("system: You are con.",
                "user: [ada]: Should we rewrite the parser?", "user: [pro]: Rewrite it.", "assistant: Too risky.",
                "user: [ada]: When, then?", "user: [pro]: After the release, then.");

        launcher.forget();
        assertThat(launcher.run("sessions")).isZero();
        assertThat(launcher.out()).as("the same session, grown").containsPattern("\\Q" + id + "\\E .* 6 messages");
    }

    @Test
    void aSessionOfAnotherCommandIsNotTakenForAHubsConversation() throws Exception {
        configure("hub:\n  agents: [default]\n");
        launcher.server().enqueue(FakeOpenAi.answer("Hello."));
        assertThat(launcher.run("run", "Say hello")).as(launcher.err()).isZero();
        String id = Pattern.compile("-- session (\\S+):").matcher(launcher.out()).results().findFirst()
                .orElseThrow(() -> new AssertionError(launcher.out())).group(1);

        launcher.forget();
        assertThat(launcher.runTyping("Hi\nexit\n", "hub", "--resume", id)).isEqualTo(Launcher.CONFIGURATION);

        assertThat(launcher.err()).contains("session " + id + " is not a hub's conversation: continue it with "
                + "agentloop chat --resume " + id);
    }

    @Test
    void aCallThatAsksIsAskedOfThePersonWhoseYesRunsItAndWhoseNoDoesNot() throws Exception {
        configure("""
                agents:
                  scribe:
                    description: Writes files.
                    system: You are the scribe.
                    tools: [write]
                hub:
                  agents: [scribe]
                """);
        launcher.server().enqueue(FakeOpenAi.toolCall("call_1", "write", "{\"path\":\"yes.txt\",\"content\":\"kept\"}"));
        launcher.server().enqueue(FakeOpenAi.answer("Wrote yes.txt."));
        launcher.server().enqueue(FakeOpenAi.toolCall("call_2", "write", "{\"path\":\"no.txt\",\"content\":\"lost\"}"));
        launcher.server().enqueue(FakeOpenAi.answer("I was not allowed."));

        assertThat(launcher.runTyping("Write yes.txt\ny\nWrite no.txt\nn\nexit\n", "hub")).as(launcher.err()).isZero();

        assertThat(workspace.resolve("yes.txt")).hasContent("kept");
        assertThat(workspace.resolve("no.txt")).doesNotExist();
        assertThat(launcher.out()).contains("scribe asks to use write").contains("write needs your approval")
                .contains("scribe> Wrote yes.txt.").contains("scribe> I was not allowed.");
        assertThat(launcher.out().indexOf("  allowed")).as("yes, then no").isPositive()
                .isLessThan(launcher.out().indexOf("  denied"));
        assertThat(launcher.err()).as("nothing stopped a turn").doesNotContain("stopped").doesNotContain("failed");
        nextBody();
        nextBody();
        nextBody();
        assertThat(nextBody().path("messages").toString()).as("the model hears of the refusal")
                .contains("call_2").contains("denied");
    }
}
