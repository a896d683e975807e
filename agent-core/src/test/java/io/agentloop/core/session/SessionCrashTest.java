package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionLockedException;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.Agent;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sessions against real process deaths: a second JVM killed with SIGKILL, and one holding the lock. */
class SessionCrashTest {
    @TempDir
    Path folder;

    @Test
    void aProcessKilledWhileAppendingLosesNoRecordWhoseWriteReturned() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("appending").id();
        int acknowledged;
        try (ChildJvm child = ChildJvm.start(SessionChild.class, "append", folder.toString(), id)) {
            String line;
            do {
                line = child.awaitLine("appended ");
            } while (Integer.parseInt(line.substring("appended ".length())) < 300);
            child.kill();
            acknowledged = Integer.parseInt(line.substring("appended ".length()));
        }

        Session session = store.load(id).orElseThrow();
        assertThat(session.messages().size()).as("every acknowledged append is there").isGreaterThanOrEqualTo(acknowledged);
        assertThat(session.droppedRecords()).isLessThanOrEqualTo(1);
        for (int n = 1; n <= session.messages().size(); n++) {
            Message message = session.messages().get(n - 1);
            String text = message instanceof UserMessage user ? user.text() : ((AssistantMessage) message).text();
            assertThat(text).startsWith((n % 2 == 1 ? "message " : "answer ") + n + " ");
        }
        // the dead process's lock went with it; the file is whole again after opening
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("after the crash"));
        }
        assertThat(Files.readString(store.file(id))).endsWith("\n");
        assertThat(store.load(id).orElseThrow().messages().getLast()).isEqualTo(UserMessage.of("after the crash"));
    }

    @Test
    void aProcessKilledWhileAToolRunsLeavesItsTurnOpenAndGoingOnReportsTheCallAsInterrupted() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("tool crash").id();
        try (ChildJvm child = ChildJvm.start(SessionChild.class, "tool", folder.toString(), id)) {
            child.awaitLine("tool started");
            child.kill();
        }

        Session crashed = store.load(id).orElseThrow();
        assertThat(crashed.interrupted()).isEqualTo(1);
        assertThat(crashed.messages()).as("the conversation ends before the open turn")
                .containsExactly(UserMessage.of("do the slow thing"));
        OpenTurn open = crashed.openTurn().orElseThrow();
        assertThat(open.turn().toolCalls()).hasSize(2);
        assertThat(open.calls()).extracting(CallProgress::stage)
                .containsExactly(CallProgress.Stage.FINISHED, CallProgress.Stage.STARTED);
        assertThat(open.calls().getFirst().result()).contains(new ToolResultBlock("call_1", "quick", "quick done", false));
        String record = Files.readString(store.file(id));
        store.open(id).close();
        assertThat(Files.readString(store.file(id))).as("opening changes nothing").isEqualTo(record);

        FakeTool block = FakeTool.named("block").returning("should not run");
        FakeTool quick = FakeTool.named("quick").readOnly().returning("should not run");
        ScriptedChatModel model = ScriptedChatModel.script().answer("The slow thing was interrupted; stopping.").build();
        RunResult resumed;
        try (SessionWriter writer = store.open(id)) {
            Session session = store.load(id).orElseThrow();
            SessionRecorder recorder = new SessionRecorder(writer, session.messages().size(), 0);
            resumed = Agent.builder().model(model).tools(block, quick).journal(recorder).build()
                    .resume(new Resumption(session.messages(), session.openTurn(), List.of(), Optional.empty()));
        }

        assertThat(resumed.reason()).contains(TerminalReason.ANSWERED);
        assertThat(block.calls()).isEmpty();
        assertThat(quick.calls()).isEmpty();
        Session after = store.load(id).orElseThrow();
        assertThat(after.openTurn()).isEmpty();
        assertThat(after.interrupted()).isZero();
        assertThat(after.messages()).isEqualTo(resumed.messages());
        assertThat(((ToolMessage) after.messages().get(2)).results().getLast().error()).isTrue();
    }

    @Test
    void aSessionOpenInAnotherProcessIsRefusedAndFreeOnceThatProcessIsGone() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        String id = store.create("held").id();
        try (ChildJvm child = ChildJvm.start(SessionChild.class, "hold", folder.toString(), id)) {
            child.awaitLine("holding");

            assertThatThrownBy(() -> store.open(id)).isInstanceOf(SessionLockedException.class)
                    .hasMessageContaining("(process " + child.pid() + ")");
            String forkId = store.fork(id, Optional.empty()).id();
            store.open(forkId).close();

            child.kill();
        }
        store.open(id).close();
    }
}
