package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.session.FileSessionStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A run with no one to approve pauses instead of denying, and goes on from its session: after
 * decisions, with a new message in chat, or after its process stopped part-way. In-process against
 * a scripted OpenAI-compatible endpoint; the workspace's {@code count.txt} gets a line each time a
 * counted command really runs.
 */
class PauseAndResumeTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String COUNTED = "{\"command\":\"echo once >> count.txt\"}";

    /** The installation (commands cannot change it). */
    @TempDir
    Path home;
    /** Where the workspace lives: outside the installation, as a user's project is. */
    @TempDir
    Path projects;

    private Path workspace;
    private final MockWebServer server = new MockWebServer();
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        server.start(0);
        Files.createDirectories(home.resolve("plugins"));
        workspace = Files.createDirectories(projects.resolve("work"));
        Files.writeString(workspace.resolve("notes.txt"), "the notes\n");
        env.put("AGENTLOOP_CONFIG", home.resolve("user.yaml").toString());
        env.put("AGENTLOOP_SESSIONS", home.resolve("sessions").toString());
        env.put("AGENTLOOP_PROVIDER", "openai");
        env.put("AGENTLOOP_MODEL", "gpt-test");
        // a run that asks the model more than scripted fails after the timeout instead of waiting for ever
        Files.writeString(home.resolve("user.yaml"), "workspace:\n  root: \"" + workspace + "\"\nrun:\n  timeout: 2m\n");
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(home.resolve("conf/agentloop.yaml"), "providers:\n  openai:\n    base-url: "
                + server.url("/v1") + "\n    api-key: sk-test-key-123456\n");
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    private int run(String... args) {
        return Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    /** The model reads a file and runs the counted command in one turn: the read runs, the command asks. */
    private void enqueueReadAndCountedCommand() {
        server.enqueue(FakeOpenAi.toolCalls(new String[] {"call_1", "read", "{\"path\":\"notes.txt\"}"},
                new String[] {"call_2", "bash", COUNTED}));
    }

    private String session() {
        return out.toString().lines().filter(l -> l.startsWith("-- session ")).reduce((a, b) -> b).orElseThrow()
                .split(" ")[2].replace(":", "");
    }

    private FileSessionStore store() {
        return new FileSessionStore(home.resolve("sessions"));
    }

    private void decide(String session, CallDecision decision) {
        try (SessionWriter writer = store().open(session)) {
            writer.callDecided(decision);
        }
    }

    private long counted() throws IOException {
        Path count = workspace.resolve("count.txt");
        return Files.exists(count) ? Files.readAllLines(count).size() : 0;
    }

    /** The messages of the next request the model got, each as "role: content". */
    private List<String> nextRequest() throws InterruptedException {
        mockwebserver3.RecordedRequest taken = server.takeRequest(2, java.util.concurrent.TimeUnit.MINUTES);
        assertThat(taken).as("a request to the model").isNotNull();
        JsonNode request = JSON.readTree(taken.getBody().utf8());
        return request.path("messages").valueStream().map(m -> m.path("role").asString() + ": "
                + m.path("content").asString()).toList();
    }

    @Test
    void withNoOneToAskTheRunPausesAfterTheAllowedCallsAndExitsFourWithHowToGoOn() throws Exception {
        enqueueReadAndCountedCommand();

        int exit = run("run", "Read the notes and count");

        assertThat(exit).as(err.toString()).isEqualTo(Launcher.AWAITING_APPROVAL);
        String id = session();
        assertThat(out.toString()).containsPattern(ToolLine.closing("read", "ok")).contains("-- COMPLETED AWAITING_APPROVAL");
        assertThat(err.toString()).contains("no one can approve in this run, so a call that asks pauses the run (exit "
                + "code 4)").contains("agentloop: the run paused: 1 tool call waits for approval: bash "
                + "{\"command\":\"echo once >> count.txt\"}. Decide with agentloop approve " + id + " or agentloop deny "
                + id + " (agentloop approvals lists every waiting call), then go on: agentloop run --resume " + id);
        assertThat(counted()).isZero();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    /**
     * A session the release before paused (its events name the agent's states DECIDING, REASONING
     * and ACTING) goes on with this release, and its report shows the states by their new names.
     */
    @Test
    void aSessionPausedByTheReleaseBeforeGoesOnAndItsReportUsesTheNewStateNames() throws Exception {
        String id = "20261129-055824-ee4c9f";
        Path sessions = Files.createDirectories(home.resolve("sessions"));
        for (String suffix : List.of(".jsonl", ".events")) {
            try (java.io.InputStream in = getClass().getResourceAsStream("/sessions/previous-release/" + id + suffix)) {
                assertThat(in).as("the recorded session file " + id + suffix).isNotNull();
                String recorded = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                Files.writeString(sessions.resolve(id + suffix), recorded.replace("@WORKSPACE@", workspace.toString()));
            }
        }
        assertThat(Files.readString(sessions.resolve(id + ".events"))).contains("\"DECIDING\"", "\"ACTING\"");
        decide(id, CallDecision.approve("call_2"));
        server.enqueue(FakeOpenAi.answer("Counted."));

        assertThat(run("run", "--resume", id)).as(err.toString()).isZero();

        assertThat(out.toString()).contains("[resume] session " + id + ": 1 call done, 1 approved; going on")
                .contains("Counted.");
        assertThat(counted()).as(out + "\n" + err).isEqualTo(1);
        Path page = home.resolve("report.html");
        assertThat(run("report", id, "-o", page.toString())).as(err.toString()).isZero();
        assertThat(Files.readString(page)).contains("data-state=\"PLANNING\"").contains("data-state=\"EXECUTING\"")
                .contains("data-state=\"OBSERVING\"").doesNotContain("DECIDING").doesNotContain("REASONING")
                .doesNotContain("ACTING\"");
    }

    @Test
    void anApprovedCallRunsExactlyOnceWhenTheRunGoesOnWithNoTask() throws Exception {
        enqueueReadAndCountedCommand();
        assertThat(run("run", "Read the notes and count")).as(err.toString()).isEqualTo(Launcher.AWAITING_APPROVAL);
        String id = session();
        decide(id, CallDecision.approve("call_2"));
        server.enqueue(FakeOpenAi.answer("Counted."));
        out.getBuffer().setLength(0);

        assertThat(run("run", "--resume", id)).as(err.toString()).isZero();

        assertThat(out.toString()).contains("[resume] session " + id + ": 1 call done, 1 approved; going on")
                .contains("Counted.").doesNotContain("[tool] read");
        assertThat(counted()).as(out + "\n" + err).isEqualTo(1);
        nextRequest();
        assertThat(nextRequest()).as("both results, then the answer").anySatisfy(m -> assertThat(m)
                .startsWith("tool: ").contains("the notes")).last().asString().startsWith("tool: ");
        assertThat(run("run", "--resume", id)).as("nothing left to go on with").isEqualTo(Launcher.USAGE);
        assertThat(counted()).isEqualTo(1);
    }

    @Test
    void aDeniedCallReachesTheModelAsADenialWithTheReason() throws Exception {
        enqueueReadAndCountedCommand();
        assertThat(run("run", "Read the notes and count")).as(err.toString()).isEqualTo(Launcher.AWAITING_APPROVAL);
        String id = session();
        decide(id, CallDecision.deny("call_2", Optional.of("not on a Friday")));
        server.enqueue(FakeOpenAi.answer("Understood."));

        assertThat(run("run", "--continue")).as(err.toString()).isZero();

        assertThat(counted()).isZero();
        nextRequest();
        assertThat(nextRequest()).anySatisfy(m -> assertThat(m).startsWith("tool: ").contains("not on a Friday"));
    }

    @Test
    void jsonRunCompletedCarriesThePendingCalls() throws Exception {
        enqueueReadAndCountedCommand();

        assertThat(run("run", "--json", "Read the notes and count")).as(err.toString())
                .isEqualTo(Launcher.AWAITING_APPROVAL);

        JsonNode completed = out.toString().lines().map(JSON::readTree)
                .filter(l -> l.path("type").asString().equals("run_completed")).findFirst().orElseThrow();
        assertThat(completed.path("reason").asString()).isEqualTo("AWAITING_APPROVAL");
        assertThat(completed.path("pending")).hasSize(1);
        assertThat(completed.path("pending").path(0).path("id").asString()).isEqualTo("call_2");
        assertThat(completed.path("pending").path(0).path("tool").asString()).isEqualTo("bash");
        assertThat(completed.path("pending").path(0).path("arguments").asString()).isEqualTo(COUNTED);
        assertThat(completed.path("pending").path(0).path("reasons")).isNotEmpty();
    }

    @Test
    void withoutASessionThePauseLineSaysTheRunCannotGoOnAndWhatWouldLetTheCallRun() throws Exception {
        enqueueReadAndCountedCommand();

        assertThat(run("run", "--no-session", "Read the notes and count")).isEqualTo(Launcher.AWAITING_APPROVAL);

        assertThat(err.toString()).contains("Without a session (--no-session) this run cannot be continued")
                .contains("in permissions.allow").contains("--mode auto for commands in the sandbox")
                .doesNotContain("agentloop approve");
    }

    @Test
    void goingOnAfterTheProcessStoppedBeforeTheModelAnsweredAsksTheModelAgain() throws Exception {
        String id = store().create("Say hi").id();
        try (SessionWriter writer = store().open(id)) {
            writer.append(UserMessage.of("Say hi"));
        }
        server.enqueue(FakeOpenAi.answer("Hi."));

        assertThat(run("run", "--continue")).as(err.toString()).isZero();

        assertThat(out.toString()).contains("[resume] session " + id + ": going on from its last message: the model "
                + "is asked again").contains("Hi.");
        assertThat(nextRequest()).filteredOn(m -> m.startsWith("user: ")).containsExactly("user: Say hi");
    }

    @Test
    void goingOnAfterTheProcessStoppedDuringACallReportsItInterruptedAndRunsItNoMore() throws Exception {
        String id = store().create("Count twice").id();
        ToolCall first = ToolCall.of("call_1", "bash", COUNTED);
        ToolCall second = ToolCall.of("call_2", "bash", COUNTED);
        try (SessionWriter writer = store().open(id)) {
            writer.append(UserMessage.of("Count twice"));
            writer.append(new AssistantMessage(List.<ContentBlock>of(first, second), Usage.ZERO, StopReason.TOOL_CALLS));
            writer.callStarted(first);
            writer.appendResult(new ToolResultBlock("call_1", "bash", "exit code 0", false));
            writer.callStarted(second); // and the process was killed
        }
        server.enqueue(FakeOpenAi.answer("The second count was interrupted."));

        assertThat(run("run", "--resume", id)).as(err.toString()).isZero();

        assertThat(out.toString()).contains("[resume] session " + id + ": 1 call done, 1 interrupted; going on");
        assertThat(counted()).as("neither call runs again").isZero();
        assertThat(nextRequest()).filteredOn(m -> m.startsWith("tool: ")).hasSize(2).last().asString()
                .containsIgnoringCase("interrupted");
    }

    @Test
    void chatResumingAPausedSessionGoesOnWithTheNewMessageAndTheWaitingCallDenied() throws Exception {
        enqueueReadAndCountedCommand();
        assertThat(run("run", "Read the notes and count")).as(err.toString()).isEqualTo(Launcher.AWAITING_APPROVAL);
        String id = session();
        server.enqueue(FakeOpenAi.answer("Fine, no counting."));

        int exit = Launcher.run(new String[] {"chat", "--resume", id}, home, env::get, new ByteArrayInputStream(
                "Never mind the count\nexit\n".getBytes(StandardCharsets.UTF_8)), new PrintWriter(out),
                new PrintWriter(err));

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Fine, no counting.");
        assertThat(counted()).isZero();
        nextRequest();
        List<String> request = nextRequest();
        assertThat(request).anySatisfy(m -> assertThat(m).startsWith("tool: ").contains("the notes"));
        assertThat(request).filteredOn(m -> m.startsWith("tool: ")).hasSize(2);
        assertThat(request).last().asString().isEqualTo("user: Never mind the count");
    }
}
