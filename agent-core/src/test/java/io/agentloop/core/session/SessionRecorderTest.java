package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.Agent;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionRecorderTest {
    @TempDir
    Path folder;

    @Test
    void runsAreSavedAsTheyHappenAndResumeFromWhereTheyEnded() {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("two runs").id();
        ScriptedChatModel model = ScriptedChatModel.script().usage(Usage.of(50, 5))
                .toolCalls(ToolCall.of("c1", "echo", "{\"text\":\"hi\"}"), ToolCall.of("c2", "echo", "{\"text\":\"yo\"}"))
                .answer("Both echoed.")
                .answer("Second answer.")
                .build();
        FakeTool echo = FakeTool.named("echo").stringParameter("text", true).readOnly()
                .returning(args -> args.requireString("text"));

        RunResult first;
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0);
            first = Agent.builder().model(model).tools(echo).systemPrompt("Be brief.").name("echoer").journal(recorder)
                    .build().run("echo twice");
            assertThat(recorder.failure()).isEmpty();
        }
        Session afterFirst = store.load(id).orElseThrow();
        assertThat(afterFirst.messages()).isEqualTo(first.messages());

        List<Message> history = afterFirst.messages();
        RunResult second;
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, history.size(), afterFirst.checkpoints().size());
            second = Agent.builder().model(model).tools(echo).journal(recorder).build()
                    .run(history, "and again");
        }

        Session afterSecond = store.load(id).orElseThrow();
        assertThat(afterSecond.messages()).isEqualTo(second.messages()).hasSize(history.size() + 2);
        assertThat(afterSecond.checkpoints()).extracting(c -> c.checkpoint().name()).containsExactly("run-1", "run-2");
        assertThat(afterSecond.checkpoint("run-1").messages()).isEqualTo(first.messages());
        assertThat(afterSecond.checkpoint("run-1").checkpoint().state()).isEqualTo("COMPLETED ANSWERED");
        assertThat(afterSecond.checkpoint("run-1").checkpoint().data()).as("the record names the agent")
                .containsEntry("agent", "echoer").containsEntry("run_id", first.runId());
        assertThat(afterSecond.checkpoint("run-2").checkpoint().data()).containsEntry("agent", "agent");
        assertThat(afterSecond.checkpoint("run-1").checkpoint().usage()).isEqualTo(first.usage());
    }

    @Test
    void aRunsCheckpointKeepsItsModelDurationAndTheToolsThatFailedForStatistics() {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("stats").id();
        ToolCall bash1 = ToolCall.of("b1", "bash", "{}");
        ToolCall bash2 = ToolCall.of("b2", "bash", "{}");
        ToolCall read = ToolCall.of("r1", "read", "{}");
        ToolCall grep = ToolCall.of("g1", "grep", "{}");
        List<io.agentloop.api.run.ToolCallRecord> calls = List.of(
                new io.agentloop.api.run.ToolCallRecord(1, bash1, ToolResult.failure("execution_failed", "exit 1"), Duration.ofMillis(3)),
                new io.agentloop.api.run.ToolCallRecord(1, read, ToolResult.success("text"), Duration.ofMillis(1)),
                new io.agentloop.api.run.ToolCallRecord(2, bash2, ToolResult.failure("execution_failed", "exit 2"), Duration.ofMillis(3)),
                new io.agentloop.api.run.ToolCallRecord(2, grep, ToolResult.failure("invalid_arguments", "bad pattern"), Duration.ofMillis(1)));
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0).describing("openai", "gpt-4.1-mini");
            recorder.ended(new RunResult("run-s", AgentState.COMPLETED, Optional.of(TerminalReason.ANSWERED),
                    Optional.empty(), List.of(UserMessage.of("go")), 2, calls, Usage.of(10, 2),
                    Duration.ofMillis(1234), Optional.empty()), "agent");
            recorder.ended(new RunResult("run-t", AgentState.FAILED, Optional.empty(), Optional.empty(),
                    List.of(UserMessage.of("go")), 0, List.of(), Usage.ZERO, Duration.ofMillis(7), Optional.empty()),
                    "agent");
        }

        Session session = store.load(id).orElseThrow();
        assertThat(session.checkpoint("run-1").checkpoint().data()).containsEntry("provider", "openai")
                .containsEntry("model", "gpt-4.1-mini").containsEntry("duration_ms", "1234")
                .containsEntry("failed_tools", "bash=2,grep=1");
        assertThat(session.checkpoint("run-2").checkpoint().data()).containsEntry("duration_ms", "7")
                .containsEntry("failed_tools", "");
    }

    @Test
    void aCallAHookRefusedIsADenialForStatisticsNotAFailure() {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("denied").id();
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "echo", "{\"text\":\"rm -rf /\"}"), ToolCall.of("c2", "echo", "{}"))
                .answer("One was refused, one failed.")
                .build();
        FakeTool echo = FakeTool.named("echo").stringParameter("text", true).readOnly()
                .returning(args -> args.requireString("text"));
        io.agentloop.api.hook.ActingInterceptor guard = chain -> chain.call().arguments().contains("rm -rf")
                ? ToolResult.failure(ToolResult.Failure.DENIED, "the guard refuses rm -rf") : chain.proceed(chain.call());

        try (SessionWriter writer = store.open(id)) {
            Agent.builder().model(model).tools(echo).hooks(guard).journal(new SessionRecorder(writer, 0, 0)).build()
                    .run("echo");
        }

        Session session = store.load(id).orElseThrow();
        assertThat(session.checkpoint("run-1").checkpoint().data()).containsEntry("failed_tools", "echo=1")
                .containsEntry("denied_tools", "echo=1");
        assertThat(RunSummary.of(session)).singleElement().satisfies(run -> {
            assertThat(run.failedTools()).as("the call without its text failed").containsExactly(Map.entry("echo", 1));
            assertThat(run.deniedTools()).as("the refused call").containsExactly(Map.entry("echo", 1));
        });
    }

    private static final ToolCall WRITE = ToolCall.of("w1", "write", "{\"path\":\"x\",\"text\":\"key sk-SECRET\"}");
    private static final ToolCall READ = ToolCall.of("r1", "read", "{\"path\":\"y\"}");
    private static final AssistantMessage TURN = new AssistantMessage(List.of(WRITE, READ), Usage.of(10, 2),
            StopReason.TOOL_CALLS);

    private static String redact(String text) {
        return text.replace("sk-SECRET", "[redacted]");
    }

    @Test
    void aPausedRunIsOnRecordCallByCallWithEverySecretRedacted() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("paused").id();
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0, SessionRecorderTest::redact);
            recorder.input(List.of(UserMessage.of("write x with sk-SECRET, read y")));
            recorder.turn(TURN);
            recorder.pending(new PendingCall(WRITE, List.of("writes x: echo sk-SECRET > x"), List.of("Write(x)")));
            recorder.started(READ);
            recorder.finished(READ, ToolResult.success("y holds sk-SECRET"));
            recorder.ended(new RunResult("run-a", AgentState.COMPLETED, Optional.of(TerminalReason.AWAITING_APPROVAL),
                    Optional.empty(), List.of(UserMessage.of("write x with sk-SECRET, read y")), 1, List.of(),
                    Usage.of(10, 2), Duration.ZERO, Optional.empty()), "writer");
            assertThat(recorder.failure()).isEmpty();
        }

        assertThat(Files.readString(store.file(id))).doesNotContain("sk-SECRET");
        Session session = store.load(id).orElseThrow();
        assertThat(session.messages()).containsExactly(UserMessage.of("write x with [redacted], read y"));
        OpenTurn open = session.openTurn().orElseThrow();
        assertThat(open.calls()).extracting(CallProgress::stage)
                .containsExactly(CallProgress.Stage.PENDING, CallProgress.Stage.FINISHED);
        PendingCall pending = open.calls().get(0).pending().orElseThrow();
        assertThat(pending.reasons()).containsExactly("writes x: echo [redacted] > x");
        assertThat(pending.rememberAs()).containsExactly("Write(x)");
        assertThat(pending.call().arguments()).contains("[redacted]");
        assertThat(open.calls().get(1).result()).contains(new ToolResultBlock("r1", "read", "y holds [redacted]", false));
        assertThat(session.checkpoints()).singleElement().satisfies(c -> {
            assertThat(c.checkpoint().name()).isEqualTo("run-1");
            assertThat(c.checkpoint().state()).isEqualTo("COMPLETED AWAITING_APPROVAL");
            assertThat(c.checkpoint().data()).containsEntry("agent", "writer").containsEntry("run_id", "run-a")
                    .containsEntry("iterations", "1");
        });
    }

    @Test
    void aCallThatStartedIsOnRecordBeforeItsResult() {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("crashed").id();
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0);
            recorder.input(List.of(UserMessage.of("go")));
            recorder.turn(TURN);
            recorder.started(WRITE);
        }

        Session session = store.load(id).orElseThrow();
        assertThat(session.openTurn().orElseThrow().calls()).extracting(CallProgress::stage)
                .containsExactly(CallProgress.Stage.STARTED, CallProgress.Stage.NOT_STARTED);
        assertThat(session.interrupted()).isEqualTo(1);
    }

    @Test
    void inputOnRecordIsSkippedAndACompactionReplacesTheConversation() {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("again").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("one"));
            writer.append(AssistantMessage.of("first"));
            SessionRecorder recorder = new SessionRecorder(writer, 2, 0);
            recorder.input(List.of(UserMessage.of("one"), AssistantMessage.of("first"), UserMessage.of("two")));
            recorder.input(List.of(UserMessage.of("one"), AssistantMessage.of("first"), UserMessage.of("two")));
            assertThat(store.load(id).orElseThrow().messages()).hasSize(3);
            recorder.compacted(List.of(UserMessage.of("summary"), UserMessage.of("two")));
        }

        assertThat(store.load(id).orElseThrow().messages()).containsExactly(UserMessage.of("summary"),
                UserMessage.of("two"));
    }

    @Test
    void afterAFailedWriteNothingMoreIsWrittenAndOnlyCallsThatChangeNothingMayRun() {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("full disk").id();
        SessionWriter writer = store.open(id);
        SessionRecorder recorder = new SessionRecorder(writer, 0, 0).stoppingBefore(name -> !name.equals("read"));
        recorder.input(List.of(UserMessage.of("go")));
        assertThat(recorder.mayRun("write")).isTrue();
        writer.close(); // every write from now on fails

        recorder.turn(TURN);
        recorder.started(WRITE);

        assertThat(recorder.failure()).get().asString().contains("is closed for writing");
        assertThat(recorder.mayRun("write")).isFalse();
        assertThat(recorder.mayRun("read")).isTrue();
        assertThat(recorder.continuingWhenUnsaved().mayRun("write")).isTrue();
        assertThat(store.load(id).orElseThrow().messages()).containsExactly(UserMessage.of("go"));
    }
}
