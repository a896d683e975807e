package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.PluginJarBuilder;
import io.agentloop.testkit.VisibleTempDir;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.workflowservice.v1.SignalWorkflowExecutionRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * One approval wherever it is given, from the built installation against Temporal's Java test
 * server in a process of its own: a call a durable run waits for is decided in the engine by
 * {@code agentloop approve}, by the {@code temporal workflow signal} command the launcher prints
 * (sent as that command line sends it: Temporal's command line is no Debian or npm package), and
 * over HTTP, one at a time or all at once and twice over, and runs exactly once; the session cannot
 * go on here meanwhile. The run's mode is the client's, within the worker's, and "always" is
 * remembered for the client's later runs.
 */
class TemporalApprovalIT {
    private static final Pattern SESSION = Pattern.compile("agentloop approve (\\S+) or");

    @TempDir(factory = VisibleTempDir.class)
    Path work;

    private final MockWebServer model = new MockWebServer();
    private TaskModel tasks;
    private InstalledLauncher installed;
    private Path counter;
    private TemporalServices temporal;

    @BeforeEach
    void setUp() throws Exception {
        counter = work.resolve("counter.txt"); // outside the workspace: what the write tool did, counted
        tasks = new TaskModel(counter.toString());
        model.setDispatcher(tasks);
        model.start(0);
        installed = InstalledLauncher.copyInto(work, work.resolve("home"), model);
        PluginJarBuilder.plugin("temporal-tools").version("1.0.0").provides(Tool.class, CountingTool.class,
                CountingWriteTool.class).writeTo(installed.plugins());
        Path home = installed.home();
        installed.extraEnv().put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        installed.extraEnv().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        installed.runningIn(Files.createDirectories(work.resolve("cwd")));
        temporal = new TemporalServices(work, installed).configure().testServer();
    }

    @AfterEach
    void tearDown() throws Exception {
        temporal.close();
        tasks.close();
        model.close();
    }

    @Test
    void aCallDecidedByApproveOrByThePrintedCommandRunsOnceAndTheSessionDoesNotGoOnHere() throws Exception {
        temporal.worker();
        InstalledLauncher.Outcome paused = installed.run("run", "--engine", "temporal", "call:write");
        assertThat(paused.exit()).as(paused.err()).isEqualTo(Launcher.AWAITING_APPROVAL);
        String session = session(paused.err());

        InstalledLauncher.Outcome resumed = installed.run("run", "--resume", session);
        assertThat(resumed.exit()).as(resumed.err()).isNotZero();
        assertThat(resumed.err()).contains("the temporal engine holds its run");
        InstalledLauncher.Outcome listed = installed.run("approvals");
        assertThat(listed.out()).contains(session).contains("counting_write").contains("waits in temporal");
        InstalledLauncher.Outcome approved = installed.run("approve", session);
        assertThat(approved.exit()).as(approved.out() + approved.err() + temporal.read("worker.err"))
                .isEqualTo(Launcher.ANSWERED);
        assertThat(lines()).as("the approved call ran once").hasSize(1);
        // FakeOpenAi's tool-call turn (50 in, 10 out) and its answer (70 in, 5 out), around the approval
        assertThat(installed.run("sessions", "show", session).out()).contains("tokens in 120, out 15 in all");
        JsonNode total = ServedApi.JSON.readTree(installed.run("stats", "--json").out()).path("total");
        assertThat(total.path("runs").asInt()).isEqualTo(1);
        assertThat(total.path("input_tokens").asLong()).as("both model calls, once each").isEqualTo(120);
        InstalledLauncher.Outcome again = installed.run("approve", session);
        assertThat(again.exit()).as("nothing waits any more: " + again.err()).isEqualTo(Launcher.USAGE);
        assertThat(lines()).as("still once").hasSize(1);

        InstalledLauncher.Outcome second = installed.run("run", "--engine", "temporal", "call:write");
        assertThat(second.exit()).as(second.err()).isEqualTo(Launcher.AWAITING_APPROVAL);
        String printed = second.err().lines().map(String::strip).filter(line -> line.startsWith("temporal workflow "
                + "signal ")).findFirst().orElseThrow(() -> new AssertionError("no command printed: " + second.err()));
        signal(printed);
        Await.until("the call decided by the printed command to run", () -> lines().size() == 2,
                () -> temporal.read("worker.err"));
        signal(printed);
        InstalledLauncher.Outcome caughtUp = installed.run("approve", session(second.err()));
        assertThat(caughtUp.out()).as("nothing waits; the run's end is recorded").contains("No tool call of session");
        assertThat(caughtUp.exit()).as(caughtUp.err()).isEqualTo(Launcher.ANSWERED);
        assertThat(lines()).as("each call ran once").hasSize(2).doesNotHaveDuplicates();
    }

    @Test
    void aServedRunsCallDecidedByApproveThePrintedCommandAndHttpAllAtOnceAndTwiceOverRunsOnce() throws Exception {
        temporal.worker();
        ServedApi api = temporal.serve();
        JsonNode started = api.post("/v1/runs", "{\"task\": \"call:write\"}").body();
        String run = started.get("id").asString();
        String session = started.get("session").asString();
        api.events(run, Optional.empty(), event -> event.name().equals("run_state")
                && event.data().get("state").asString().equals("waiting"));
        String call = api.get("/v1/runs/" + run + "/approvals").body().get("approvals").get(0).get("id").asString();
        InstalledLauncher.Outcome listed = installed.run("approvals", "--json");
        JsonNode waiting = ServedApi.JSON.readTree(listed.out()).get(0);
        assertThat(waiting.get("engine").asString()).isEqualTo("temporal");
        String printed = waiting.get("manual").asString();

        int decided = 0;
        for (int round = 1; round <= 2; round++) {
            Process approve = temporal.launch("approve-" + round, "approve", session, call);
            CompletableFuture<Void> signalled = CompletableFuture.runAsync(() -> signal(printed));
            ServedApi.Reply overHttp = api.post("/v1/runs/" + run + "/approvals/" + call, "{\"decision\": \"approve\"}");
            Await.exit(approve, "agentloop approve ends");
            signalled.join(); // any refusal but a closed workflow's (decided already: see signal) fails the test
            decided += decidedBy(approve, "approve-" + round, call) + decidedBy(overHttp);
            assertThat(decided).as("one decider decided, the others were told it was decided already (round "
                    + round + ")").isLessThanOrEqualTo(1);
        }
        List<ServedApi.Event> events = api.events(run, Optional.empty());
        assertThat(events.getLast().data().get("state").asString()).as(events.toString()).isEqualTo("completed");
        // none reported it decided only when the printed command, which cannot report, came first
        assertThat(lines()).as("decided six times, run once").containsExactly(call + " wrote out.txt");
    }

    @Test
    void aWorkerStartedWithYesPausesTheWriteOfAClientInModeAskAndAlwaysRemembersItsRule() throws Exception {
        temporal.worker("--yes");

        InstalledLauncher.Outcome paused = installed.run("run", "--engine", "temporal", "call:write");

        assertThat(paused.exit()).as(paused.out() + paused.err()).isEqualTo(Launcher.AWAITING_APPROVAL);
        assertThat(lines()).as("the client's mode, ask, holds on a worker that lets everything run").isEmpty();
        InstalledLauncher.Outcome always = installed.run("approve", session(paused.err()), "--always");
        assertThat(always.exit()).as(always.out() + always.err()).isEqualTo(Launcher.ANSWERED);
        assertThat(always.out()).contains("Later runs in");
        assertThat(lines()).hasSize(1);
        InstalledLauncher.Outcome allowed = installed.run("run", "--engine", "temporal", "call:write");
        assertThat(allowed.exit()).as("the rule said always to lets the next write run: " + allowed.err())
                .isEqualTo(Launcher.ANSWERED);
        assertThat(lines()).hasSize(2);
    }

    /** The session the pause line says to decide in. */
    private static String session(String pauseLine) {
        Matcher matcher = SESSION.matcher(pauseLine);
        assertThat(matcher.find()).as(pauseLine).isTrue();
        return matcher.group(1);
    }

    private List<String> lines() throws IOException {
        return Files.exists(counter) ? Files.readAllLines(counter) : List.of();
    }

    /**
     * 1 when {@code agentloop approve} says it approved the call; 0 when it says the call was
     * decided already, or (the run's end already on the session's record) that the call waits no more.
     */
    private int decidedBy(Process approve, String name, String call) throws Exception {
        String said = temporal.read(name + ".out") + temporal.read(name + ".err");
        if (said.contains("Approved " + call)) {
            assertThat(approve.exitValue()).as(said).isEqualTo(Launcher.ANSWERED);
            return 1;
        }
        if (said.contains("Decided already: " + call)) {
            assertThat(approve.exitValue()).as(said).isEqualTo(Launcher.ANSWERED);
        } else {
            assertThat(said).contains("has no call '" + call + "' that waits for a decision");
            assertThat(approve.exitValue()).as(said).isEqualTo(Launcher.USAGE);
        }
        return 0;
    }

    /**
     * 1 when the request decided the call (200); 0 when it was answered decided already, or (the run
     * ended) that the run waits no more (409).
     */
    private static int decidedBy(ServedApi.Reply overHttp) {
        assertThat(overHttp.status()).as(overHttp.text()).isIn(200, 409);
        if (overHttp.status() == 409) {
            assertThat(overHttp.text()).containsAnyOf("was decided already", "not waiting for a decision");
        }
        return overHttp.status() == 200 ? 1 : 0;
    }

    /**
     * Sends {@code temporal workflow signal --address A --namespace N --workflow-id W --name S --input
     * 'JSON'} as Temporal's command line does: the input's text as one {@code json/plain} payload.
     * A workflow that has ended refuses it.
     */
    private static void signal(String command) {
        Map<String, String> flags = flags(command);
        WorkflowServiceStubs service = WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder()
                .setTarget(flags.get("--address")).build());
        try {
            service.blockingStub().signalWorkflowExecution(SignalWorkflowExecutionRequest.newBuilder()
                    .setNamespace(flags.get("--namespace")).setSignalName(flags.get("--name"))
                    .setWorkflowExecution(WorkflowExecution.newBuilder().setWorkflowId(flags.get("--workflow-id")))
                    .setInput(Payloads.newBuilder().addPayloads(Payload.newBuilder()
                            .putMetadata("encoding", ByteString.copyFromUtf8("json/plain"))
                            .setData(ByteString.copyFrom(flags.get("--input"), StandardCharsets.UTF_8))))
                    .build());
        } catch (StatusRuntimeException e) {
            if (!e.getStatus().getCode().equals(io.grpc.Status.Code.NOT_FOUND)) {
                throw e;
            }
        } finally {
            service.shutdownNow();
        }
    }

    /** {@code temporal workflow signal}'s flags and values, the words split as a POSIX shell splits them. */
    private static Map<String, String> flags(String command) {
        List<String> words = words(command);
        assertThat(words.subList(0, 3)).as(command).containsExactly("temporal", "workflow", "signal");
        Map<String, String> flags = new HashMap<>();
        for (int i = 3; i + 1 < words.size(); i += 2) {
            flags.put(words.get(i), words.get(i + 1));
        }
        assertThat(flags).as(command).containsKeys("--address", "--namespace", "--workflow-id", "--name", "--input");
        return flags;
    }

    /** Words: runs of characters between blanks, a single-quoted part taken as it is. */
    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                assertThat(end).as("an unclosed quote in " + line).isPositive();
                word = word == null ? new StringBuilder() : word;
                word.append(line, i + 1, end);
                i = end;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
