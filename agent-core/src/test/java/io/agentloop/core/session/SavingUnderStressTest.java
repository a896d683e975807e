package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PreActingHook;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.Agent;
import io.agentloop.core.RunHandle;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing is lost when a run is interrupted: a cancelled tool, a tool timeout and a hook that hangs
 * leave every record and the checkpoint in the session; a session that cannot be written stops the
 * run before it changes anything more.
 */
class SavingUnderStressTest {
    static final PermissionPolicy ALL = PermissionPolicy.defaults().withMode(PermissionMode.YES);

    @TempDir
    Path folder;

    private FileSessionStore store;

    private String newSession() {
        store = new FileSessionStore(folder);
        return store.create("stress").id();
    }

    private static ScriptedChatModel callThenAnswer(String tool) {
        return ScriptedChatModel.script().toolCalls(ToolCall.of("c1", tool, "{}")).answer("Done anyway.").build();
    }

    private static String resultOf(Session session) {
        return session.messages().stream().filter(ToolMessage.class::isInstance).map(ToolMessage.class::cast)
                .flatMap(m -> m.results().stream()).map(ToolResultBlock::content).findFirst().orElseThrow();
    }

    @Test
    void aWriterUsedOnAnInterruptedThreadKeepsWriting() throws Exception {
        String id = newSession();
        try (SessionWriter writer = store.open(id)) {
            Thread interrupted = Thread.ofPlatform().unstarted(() -> {
                Thread.currentThread().interrupt();
                writer.append(UserMessage.of("written while interrupted"));
            });
            interrupted.start();
            interrupted.join();
            writer.append(UserMessage.of("written after"));
        }

        assertThat(store.load(id).orElseThrow().messages()).extracting(Message::text)
                .containsExactly("written while interrupted", "written after");
    }

    @Test
    void aCancelledToolLeavesItsResultTheRunsEndAndItsCheckpointInTheSession() throws Exception {
        String id = newSession();
        FakeTool slow = FakeTool.named("slow").blockingUntilCancelled();
        ScriptedChatModel model = callThenAnswer("slow");
        RunResult result;
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0);
            RunHandle handle = Agent.builder().model(model).tools(slow).journal(recorder).permissions(ALL).build()
                    .start(List.of(), "Wait");
            assertThat(slow.awaitStarted(Duration.ofSeconds(10))).isTrue();
            handle.cancel();
            result = handle.result().get(10, TimeUnit.SECONDS);
            assertThat(recorder.failure()).isEmpty();
        }

        assertThat(result.reason()).contains(TerminalReason.CANCELLED);
        Session session = store.load(id).orElseThrow();
        assertThat(session.messages()).isEqualTo(result.messages());
        assertThat(resultOf(session)).startsWith("Error (cancelled)");
        assertThat(session.checkpoints()).extracting(c -> c.checkpoint().state()).containsExactly("COMPLETED CANCELLED");
    }

    @Test
    void aToolTimeoutLeavesEveryRecordAndTheCheckpoint() throws Exception {
        String id = newSession();
        RunResult result;
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0);
            result = Agent.builder().model(callThenAnswer("slow")).tools(FakeTool.named("slow").blockingUntilCancelled())
                    .options(RunOptions.DEFAULTS.withToolTimeout(Duration.ofMillis(200))).journal(recorder)
                    .permissions(ALL).build().run("Wait");
            assertThat(recorder.failure()).isEmpty();
        }

        Session session = store.load(id).orElseThrow();
        assertThat(resultOf(session)).startsWith("Error (timeout)");
        assertThat(session.messages()).isEqualTo(result.messages()).last().extracting(Message::text)
                .isEqualTo("Done anyway.");
        assertThat(session.checkpoints()).extracting(c -> c.checkpoint().state()).containsExactly("COMPLETED ANSWERED");
    }

    @Test
    void aHookThatHangsIsStoppedWithItsCallAndEveryRecordIsKept() throws Exception {
        String id = newSession();
        PreActingHook hangs = (call, context) -> {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return call;
        };
        RunResult result;
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0);
            result = Agent.builder().model(callThenAnswer("quick")).tools(FakeTool.named("quick").returning("ok"))
                    .options(RunOptions.DEFAULTS.withToolTimeout(Duration.ofMillis(200))).hooks(hangs).journal(recorder)
                    .permissions(ALL).build().run("Go");
            assertThat(recorder.failure()).isEmpty();
        }

        Session session = store.load(id).orElseThrow();
        assertThat(session.messages()).isEqualTo(result.messages());
        assertThat(resultOf(session)).startsWith("Error (timeout)");
        assertThat(session.checkpoints()).extracting(c -> c.checkpoint().state()).containsExactly("COMPLETED ANSWERED");
    }

    @Test
    void aHookThatHangsBeforeTheModelCallEndsTheRunByTimeoutWithItsCheckpoint() {
        String id = newSession();
        PreReasoningHook hangs = (request, context) -> {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return request;
        };
        RunResult result;
        try (SessionWriter writer = store.open(id)) {
            SessionRecorder recorder = new SessionRecorder(writer, 0, 0);
            result = Agent.builder().model(ScriptedChatModel.script().answer("never").build())
                    .options(RunOptions.DEFAULTS.withIterationTimeout(Duration.ofMillis(200))).hooks(hangs).journal(recorder)
                    .build().run("Go");
            assertThat(recorder.failure()).isEmpty();
        }

        assertThat(result.reason()).contains(TerminalReason.TIMEOUT);
        Session session = store.load(id).orElseThrow();
        assertThat(session.messages()).isEqualTo(result.messages());
        assertThat(session.checkpoints()).extracting(c -> c.checkpoint().state()).containsExactly("COMPLETED TIMEOUT");
    }

    @Test
    void aSessionThatCannotBeWrittenStopsTheRunBeforeItsNextCallThatChangesSomething() {
        String id = newSession();
        FakeTool lookup = FakeTool.named("lookup").stringParameter("q", true).readOnly().returning("found");
        FakeTool deploy = FakeTool.named("deploy").returning("deployed");
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "lookup", "{\"q\":\"a\"}"))
                .toolCalls(ToolCall.of("c2", "lookup", "{\"q\":\"b\"}"), ToolCall.of("c3", "deploy", "{}"))
                .answer("never").build();
        RunResult result;
        SessionRecorder recorder;
        try (SessionWriter writer = new FullDisk(store.open(id), 3)) {
            recorder = new SessionRecorder(writer, 0, 0).stoppingBefore(name -> name.equals("deploy"));
            result = Agent.builder().model(model).tools(lookup, deploy).journal(recorder)
                    .permissions(ALL).build().run("Look, then deploy");
        }

        assertThat(deploy.calls()).as("the call that would change something").isEmpty();
        assertThat(lookup.calls()).as("read-only calls go on").hasSize(2);
        assertThat(result.reason()).contains(TerminalReason.SAVE_FAILED);
        assertThat(result.success()).isFalse();
        assertThat(recorder.failure()).get().asString().contains("No space left on device");
        assertThat(model.calls()).as("no model call after the stop").isEqualTo(2);
    }

    /** A session on a disk that fills up: writes after the first {@code room} fail as a full disk does. */
    private static final class FullDisk implements SessionWriter {
        private final SessionWriter real;
        private final AtomicInteger room;

        FullDisk(SessionWriter real, int room) {
            this.real = real;
            this.room = new AtomicInteger(room);
        }

        private void take() {
            if (room.getAndDecrement() <= 0) {
                throw new UncheckedIOException("cannot write to session " + real.sessionId() + ": No space left on "
                        + "device", new java.io.IOException("No space left on device"));
            }
        }

        @Override
        public String sessionId() {
            return real.sessionId();
        }

        @Override
        public void append(Message message) {
            take();
            real.append(message);
        }

        @Override
        public void appendResult(ToolResultBlock result) {
            take();
            real.appendResult(result);
        }

        @Override
        public void callStarted(ToolCall call) {
            take();
            real.callStarted(call);
        }

        @Override
        public void callPending(PendingCall pending) {
            take();
            real.callPending(pending);
        }

        @Override
        public void callDecided(CallDecision decision) {
            take();
            real.callDecided(decision);
        }

        @Override
        public void replaceAll(List<Message> messages) {
            take();
            real.replaceAll(messages);
        }

        @Override
        public void checkpoint(Checkpoint checkpoint) {
            take();
            real.checkpoint(checkpoint);
        }

        @Override
        public void close() {
            real.close();
        }
    }
}
