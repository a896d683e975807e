package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.OpenAiChatStreams.Call;
import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.PluginJarBuilder;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A run that outlives its process, through the built launcher: a headless run pauses at a call
 * the rules ask about and goes on after {@code agentloop approve} or {@code deny}; a launcher killed
 * with SIGKILL before, during and after its tool calls goes on with {@code run --resume} without
 * doing anything twice. The plugin tools count their calls in a file outside the workspace, so the
 * counts hold across processes; the fake model keeps every request, so the tests see what the model
 * was told.
 */
class PauseAndResumeIT {
    /** The launcher's exit code for a run that paused for approval, documented beside the others. */
    private static final int AWAITING_APPROVAL = 4;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir(factory = VisibleTempDir.class)
    Path work;

    private final MockWebServer server = new MockWebServer();
    private final ScriptedModel model = new ScriptedModel();
    private InstalledLauncher installed;
    private Path project;
    private Path counter;

    @BeforeEach
    void setUp() throws IOException {
        server.setDispatcher(model);
        server.start(0);
        installed = InstalledLauncher.copyInto(work, work.resolve("home"), server);
        PluginJarBuilder.plugin("resume-tools").version("1.0.0")
                .provides(Tool.class, CountingTool.class, CountingReadTool.class, CountingWriteTool.class)
                .provides(AgentListener.class, HoldAtActing.class).writeTo(installed.plugins());
        // The workspace holds neither the sessions, the approved rules beside them, the home nor the counter.
        project = Files.createDirectories(work.resolve("project"));
        installed.runningIn(project);
        Path home = installed.home();
        installed.extraEnv().put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        installed.extraEnv().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        installed.extraEnv().put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        installed.extraEnv().put("XDG_STATE_HOME", home.resolve(".local/state").toString());
        counter = work.resolve("counter.txt");
    }

    @AfterEach
    void tearDown() {
        model.close();
        server.close();
    }

    // --- pause for approval ---

    /** The model asks, in one turn, for a write the rules ask about and for a read they allow. */
    private Call[] writeAndRead(String writeId) {
        return new Call[] {new Call(writeId, "counting_write", json("path", "out.txt", "text", "hello",
                "counter", counter.toString())), new Call("call_r", "read", json("path", "notes.txt"))};
    }

    /** A headless run that pauses at the write: the read ran, the write did not; returns the session. */
    private String runThatPausesAtTheWrite() throws Exception {
        Files.writeString(project.resolve("notes.txt"), "notes-4417\n");
        model.then(FakeOpenAi.toolCalls(writeAndRead("call_w")));

        Outcome run = headless("run", "Write out.txt and read notes.txt");

        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(AWAITING_APPROVAL);
        String session = onlySession();
        assertThat(run.out()).as("the read ran").containsPattern(ToolLine.closing("read", "ok"));
        assertThat(lines(counter)).as("the write did not run").isEmpty();
        assertThat(project.resolve("out.txt")).doesNotExist();
        assertThat(model.requests()).as("the run stopped at the pause").hasSize(1);
        assertThat((run.out() + run.err()).lines().filter(line -> line.contains("counting_write")
                && line.contains("agentloop approvals") && line.contains("approve") && line.contains("deny")
                && line.contains("agentloop run --resume " + session)).toList())
                .as("one line names the pending call and how to go on:\n" + run.out() + run.err()).hasSize(1);
        return session;
    }

    @Test
    void aHeadlessRunPausesAtAWriteAndApprovedAndResumedItWritesOnceAndAnswers() throws Exception {
        String session = runThatPausesAtTheWrite();

        Outcome approvals = headless("approvals");
        assertThat(approvals.exit()).as(approvals.err()).isZero();
        List<String> listed = approvals.out().lines().filter(line -> line.contains(session)).toList();
        assertThat(listed).as(approvals.out()).singleElement().asString().contains("counting_write");
        assertThat(approvals.out()).as("the call's arguments, under it").contains("\"path\":\"out.txt\"")
                .contains("\"text\":\"hello\"");
        assertThat(listed.getFirst().replace(session, "").replace(counter.toString(), "")).as("the pending call's age")
                .containsPattern("(?i)\\b\\d+ ?(s|sec|secs|seconds?|m|min|minutes?)\\b|\\bnow\\b");

        Outcome approve = headless("approve", session);
        assertThat(approve.exit()).as(approve.out() + approve.err()).isZero();
        assertThat(lines(counter)).as("approving records a decision, it runs nothing").isEmpty();
        model.then(FakeOpenAi.answer("Wrote out.txt; the notes say notes-4417."));

        Outcome resumed = headless("run", "--resume", session);

        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(resumed.out()).contains("Wrote out.txt; the notes say notes-4417.");
        assertThat(lines(counter)).as("the write ran exactly once").containsExactly("call_w wrote out.txt");
        assertThat(project.resolve("out.txt")).hasContent("hello");
        assertThat(model.requests()).hasSize(2);
        String next = model.request(2).orElseThrow();
        assertThat(toolResult(next, "call_w")).contains("counting_write wrote out.txt");
        assertThat(toolResult(next, "call_r")).contains("notes-4417");
    }

    @Test
    void twoModelCallsAroundAnApprovalAreBothCountedOnceInTheResultSessionStatsAndReport() throws Exception {
        String session = runThatPausesAtTheWrite();
        assertThat(headless("approve", session).exit()).isZero();
        model.then(FakeOpenAi.answer("Wrote out.txt."));

        Outcome resumed = headless("run", "--resume", session, "--json");

        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        JsonNode completed = resumed.out().lines().map(JSON::readTree)
                .filter(line -> line.path("type").asString().equals("run_completed")).findFirst().orElseThrow();
        assertThat(completed.path("usage").path("input").asLong()).as("the result: both calls")
                .isEqualTo(BOTH_IN);
        assertThat(completed.path("usage").path("output").asLong()).isEqualTo(BOTH_OUT);
        countedOnce(session);
    }

    @Test
    void twoModelCallsAroundAKillAndResumeAreBothCountedOnceInTheUsageLineSessionStatsAndReport() throws Exception {
        allowCounting();
        Path held = work.resolve("held");
        model.then(FakeOpenAi.toolCalls(threeCalls("counting", null))).then(FakeOpenAi.answer("Counted three."));
        installed.extraEnv().put(HoldAtActing.VARIABLE, held.toString());
        awaitThenKill(started("run", "Count three times"), "the move to acting", () -> Files.exists(held));
        installed.extraEnv().remove(HoldAtActing.VARIABLE);
        String session = onlySession();

        Outcome resumed = headless("run", "--resume", session);

        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(resumed.out()).as("the usage line: both calls").contains("tokens in " + BOTH_IN + ", out "
                + BOTH_OUT);
        countedOnce(session);
        Outcome report = headless("report", session, "-o", "-");
        assertThat(report.out()).as("the killed run's own call, in its head too").contains(ReportHtml.count(50)
                + " in / " + ReportHtml.count(10) + " out");
    }

    /** FakeOpenAi's tool-call turn (50 in, 10 out) and its answer (70 in, 5 out). */
    private static final long BOTH_IN = 120;
    private static final long BOTH_OUT = 15;

    /** The session, the statistics and the report count each of the two calls once. */
    private void countedOnce(String session) throws Exception {
        Outcome shown = headless("sessions", "show", session);
        assertThat(shown.out()).as("the session").contains("tokens in " + BOTH_IN + ", out " + BOTH_OUT + " in all");
        JsonNode total = JSON.readTree(headless("stats", "--json").out()).path("total");
        assertThat(total.path("runs").asInt()).as("one run, which went on").isEqualTo(1);
        assertThat(total.path("input_tokens").asLong()).as("stats").isEqualTo(BOTH_IN);
        assertThat(total.path("output_tokens").asLong()).isEqualTo(BOTH_OUT);
        Outcome report = headless("report", session, "-o", "-");
        assertThat(report.out()).as("the report's totals").contains("<div class=\"value\">" + BOTH_IN
                + " in</div><div class=\"label\">tokens, " + BOTH_OUT + " out</div>");
    }

    @Test
    void aDeniedWriteNeverRunsAndTheModelIsToldWhyAndAnswers() throws Exception {
        String session = runThatPausesAtTheWrite();

        Outcome deny = headless("deny", session, "--reason", "not now");
        assertThat(deny.exit()).as(deny.out() + deny.err()).isZero();
        model.then(FakeOpenAi.answer("I did not write out.txt."));

        Outcome resumed = headless("run", "--resume", session);

        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(resumed.out()).contains("I did not write out.txt.");
        assertThat(lines(counter)).as("the write never ran").isEmpty();
        assertThat(project.resolve("out.txt")).doesNotExist();
        assertThat(model.requests()).hasSize(2);
        String next = model.request(2).orElseThrow();
        assertThat(toolResult(next, "call_w")).containsIgnoringCase("denied").contains("not now");
        assertThat(toolResult(next, "call_r")).contains("notes-4417");
    }

    @Test
    void approvingAlwaysAddsARuleAndTheNextRunDoesNotPauseAtTheSameWrite() throws Exception {
        String session = runThatPausesAtTheWrite();

        Outcome approve = headless("approve", session, "--always");
        assertThat(approve.exit()).as(approve.out() + approve.err()).isZero();
        model.then(FakeOpenAi.answer("Wrote out.txt."));
        Outcome resumed = headless("run", "--resume", session);
        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(lines(counter)).containsExactly("call_w wrote out.txt");
        model.then(FakeOpenAi.toolCalls(writeAndRead("call_w2"))).then(FakeOpenAi.answer("Wrote it again."));

        Outcome again = headless("run", "Write out.txt again");

        assertThat(again.exit()).as("a new session, the same write: allowed by the rule\n" + again.out()
                + again.err()).isZero();
        assertThat(again.out()).contains("Wrote it again.");
        assertThat(sessions()).hasSize(2);
        assertThat(lines(counter)).containsExactly("call_w wrote out.txt", "call_w2 wrote out.txt");
        assertThat(toolResult(model.request(4).orElseThrow(), "call_w2")).contains("counting_write wrote out.txt");
    }

    // --- resume after SIGKILL ---

    /** Three calls of {@code tool} in one turn; the second waits for {@code release} when it is given. */
    private Call[] threeCalls(String tool, Path release) {
        return new Call[] {new Call("call_1", tool, json("counter", counter.toString())),
            new Call("call_2", tool, release == null ? json("counter", counter.toString())
                    : json("counter", counter.toString(), "release", release.toString())),
            new Call("call_3", tool, json("counter", counter.toString()))};
    }

    private void allowCounting() throws IOException {
        Files.writeString(installed.userConfig(), "permissions:\n  allow: [counting]\n");
    }

    @Test
    void killedAfterTheModelAskedAndBeforeAnyCallRanTheResumedRunRunsEachCallOnceAndAnswers() throws Exception {
        allowCounting();
        Path held = work.resolve("held");
        model.then(FakeOpenAi.toolCalls(threeCalls("counting", null))).then(FakeOpenAi.answer("Counted three."));
        installed.extraEnv().put(HoldAtActing.VARIABLE, held.toString());
        Process first = started("run", "Count three times");
        awaitThenKill(first, "the move to acting (the held listener's file)", () -> Files.exists(held));
        installed.extraEnv().remove(HoldAtActing.VARIABLE);
        assertThat(lines(counter)).as("no call started before the kill").isEmpty();

        Outcome resumed = headless("run", "--resume", onlySession());

        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(resumed.out()).contains("Counted three.");
        assertThat(lines(counter)).containsExactly("call_1 started", "call_1 finished", "call_2 started",
                "call_2 finished", "call_3 started", "call_3 finished");
        assertThat(model.requests()).as("the model's turn was on record: it is not asked again").hasSize(2);
        String next = model.request(2).orElseThrow();
        for (String call : List.of("call_1", "call_2", "call_3")) {
            assertThat(toolResult(next, call)).contains("counted " + call);
        }
    }

    @Test
    void killedDuringTheSecondCallTheResumedRunReportsItInterruptedRunsTheThirdOnceAndAnswers() throws Exception {
        allowCounting();
        Path release = work.resolve("release");
        model.then(FakeOpenAi.toolCalls(threeCalls("counting", release))).then(FakeOpenAi.answer("Counted."));
        Process first = started("run", "Count three times");
        awaitThenKill(first, "the second call to start", () -> lines(counter).contains("call_2 started"));
        assertThat(lines(counter)).containsExactly("call_1 started", "call_1 finished", "call_2 started");
        // Were the interrupted call run again, it would finish (and show in the counts) rather than wait.
        Files.writeString(release, "go\n");

        Outcome resumed = headless("run", "--resume", onlySession());

        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(resumed.out()).contains("Counted.");
        assertThat(lines(counter)).as("call 1 not again, call 2 (not safe to repeat) not again, call 3 once")
                .containsExactly("call_1 started", "call_1 finished", "call_2 started", "call_3 started",
                        "call_3 finished");
        assertThat(model.requests()).hasSize(2);
        String next = model.request(2).orElseThrow();
        assertThat(toolResult(next, "call_1")).contains("counted call_1");
        assertThat(toolResult(next, "call_2")).as("the model sees the interruption")
                .containsIgnoringCase("interrupted");
        assertThat(toolResult(next, "call_3")).contains("counted call_3");
    }

    @Test
    void killedDuringTheSecondReadOnlyCallTheResumedRunRunsItOnceMore() throws Exception {
        Path release = work.resolve("release");
        model.then(FakeOpenAi.toolCalls(threeCalls("counting_read", release))).then(FakeOpenAi.answer("Counted."));
        Process first = started("run", "Count three times");
        awaitThenKill(first, "the second call to start", () -> lines(counter).contains("call_2 started"));
        assertThat(lines(counter)).containsExactly("call_1 started", "call_1 finished", "call_2 started");
        Files.writeString(release, "go\n");

        Outcome resumed = headless("run", "--resume", onlySession());

        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(resumed.out()).contains("Counted.");
        assertThat(lines(counter)).as("a read-only call is safe to repeat: the interrupted one runs once more")
                .containsExactly("call_1 started", "call_1 finished", "call_2 started", "call_2 started",
                        "call_2 finished", "call_3 started", "call_3 finished");
        assertThat(model.requests()).hasSize(2);
        String next = model.request(2).orElseThrow();
        for (String call : List.of("call_1", "call_2", "call_3")) {
            assertThat(toolResult(next, call)).contains("counted " + call);
        }
    }

    @Test
    void killedBeforeTheNextModelCallTheResumedRunAsksTheModelAgainAndRunsNoCallTwice() throws Exception {
        allowCounting();
        model.then(FakeOpenAi.toolCalls(threeCalls("counting", null))).thenHold()
                .then(FakeOpenAi.answer("Counted three."));
        Process first = started("run", "Count three times");
        awaitThenKill(first, "the model call after the tool calls", () -> model.requests().size() == 2);
        List<String> allRan = List.of("call_1 started", "call_1 finished", "call_2 started", "call_2 finished",
                "call_3 started", "call_3 finished");
        assertThat(lines(counter)).containsExactly(allRan.toArray(String[]::new));

        Outcome resumed = headless("run", "--resume", onlySession());

        assertThat(resumed.exit()).as(resumed.out() + resumed.err()).isZero();
        assertThat(resumed.out()).contains("Counted three.");
        assertThat(lines(counter)).as("no call runs again").containsExactly(allRan.toArray(String[]::new));
        assertThat(model.requests()).as("the unanswered model call is made again").hasSize(3);
        String again = model.request(3).orElseThrow();
        for (String call : List.of("call_1", "call_2", "call_3")) {
            assertThat(toolResult(again, call)).contains("counted " + call);
        }
    }

    // --- processes ---

    /** Runs the launcher to its end, as a script would: its input is a pipe, closed at once. */
    private Outcome headless(String... args) throws Exception {
        Process process = started(args);
        Await.exit(process, "agentloop " + String.join(" ", args) + " exits by itself");
        return installed.outcome(process);
    }

    private Process started(String... args) throws IOException {
        Process process = installed.start(args);
        process.getOutputStream().close();
        return process;
    }

    /**
     * Waits until {@code moment} has come (failing if the launcher ended before), then kills the
     * launcher with SIGKILL, as a crash would: bin/agentloop is the JVM (the script execs it), and
     * whatever it started goes too. Returns once no process of this installation is left.
     */
    private void awaitThenKill(Process launcher, String moment, Callable<Boolean> reached)
            throws Exception {
        Await.until(moment, () -> reached.call() || !launcher.isAlive(), this::printed);
        if (!reached.call()) {
            fail("the launcher ended (exit " + launcher.exitValue() + ") before " + moment + ": " + printed());
        }
        List<ProcessHandle> tree = Stream.concat(Stream.of(launcher.toHandle()), launcher.descendants()).toList();
        tree.forEach(ProcessHandle::destroyForcibly);
        Await.exit(launcher, "the killed launcher ends");
        Await.until("every process of the killed launcher to end", () -> tree.stream().noneMatch(ProcessHandle::isAlive)
                && ofThisInstallation().isEmpty(), () -> ofThisInstallation().toString());
    }

    /** Processes whose command line names this test's installation: the script, its JVM. */
    private List<String> ofThisInstallation() {
        String root = installed.root().toString();
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive).flatMap(p -> p.info().commandLine()
                .filter(line -> line.contains(root)).stream()).toList();
    }

    private String printed() throws IOException {
        return installed.output() + installed.errors();
    }

    // --- records ---

    /** The ids of the sessions in the sessions folder. */
    private List<String> sessions() throws IOException {
        if (!Files.isDirectory(installed.sessions())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(installed.sessions())) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".jsonl"))
                    .map(n -> n.substring(0, n.length() - ".jsonl".length())).sorted().toList();
        }
    }

    private String onlySession() throws IOException {
        List<String> sessions = sessions();
        assertThat(sessions).as("the run's session").hasSize(1);
        return sessions.getFirst();
    }

    /** The counter file's lines; none when no call has written it. */
    private static List<String> lines(Path counter) throws IOException {
        return Files.exists(counter) ? Files.readAllLines(counter) : Collections.emptyList();
    }

    /** The content of the tool result for {@code callId} in a chat request the model got. */
    private static String toolResult(String request, String callId) {
        for (JsonNode message : JSON.readTree(request).path("messages")) {
            if (message.path("role").asString().equals("tool") && message.path("tool_call_id").asString()
                    .equals(callId)) {
                JsonNode content = message.path("content");
                return content.isString() ? content.asString() : content.toString();
            }
        }
        return fail("no tool result for " + callId + " in the request: " + request);
    }

    /** A JSON object of string values, from name and value pairs. */
    private static String json(String... pairs) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            values.put(pairs[i], pairs[i + 1]);
        }
        return JSON.writeValueAsString(values);
    }
}
