package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionLockedException;
import io.agentloop.api.session.SessionWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSessionStoreTest {
    private static final AssistantMessage THINKING_AND_TWO_CALLS = new AssistantMessage(List.of(
            new ReasoningBlock("Two files to read.", Optional.of("sig-abc"), Optional.empty()),
            new ReasoningBlock("", Optional.empty(), Optional.of("opaque==")),
            new TextBlock("Reading both."),
            new ToolCall("call_a", "read", "{\"path\":\"a.txt\"}", Optional.of("call-sig")),
            ToolCall.of("call_b", "read", "{\"path\":\"b.txt\"}")),
            new Usage(1200, 80, 1000, 40), StopReason.TOOL_CALLS);

    @TempDir
    Path folder;

    private FileSessionStore store() {
        return new FileSessionStore(folder.resolve("sessions"));
    }

    @Test
    void aSessionRoundTripsWithThinkingParallelCallsAndUsage() {
        FileSessionStore store = store();
        SessionInfo info = store.create("Read two files");
        List<Message> expected = List.of(new SystemMessage("Be careful."), UserMessage.of("Read a and b"),
                THINKING_AND_TWO_CALLS,
                new ToolMessage(List.of(new ToolResultBlock("call_a", "read", "A", false),
                        new ToolResultBlock("call_b", "read", "no such file", true))),
                new AssistantMessage(List.of(new TextBlock("Done.")), Usage.of(1300, 5), StopReason.END_TURN));
        try (SessionWriter writer = store.open(info.id())) {
            writer.append(expected.get(0));
            writer.append(expected.get(1));
            writer.append(THINKING_AND_TWO_CALLS);
            // parallel calls end in any order; the session puts them back in call order
            writer.appendResult(new ToolResultBlock("call_b", "read", "no such file", true));
            writer.appendResult(new ToolResultBlock("call_a", "read", "A", false));
            writer.append(expected.get(4));
        }

        Session session = store.load(info.id()).orElseThrow();

        assertThat(session.messages()).isEqualTo(expected);
        assertThat(session.info().title()).isEqualTo("Read two files");
        assertThat(session.info().messageCount()).isEqualTo(5);
        assertThat(session.interrupted()).isZero();
        assertThat(session.droppedRecords()).isZero();
    }

    @Test
    void aRecordCutOffAtTheEndIsDroppedAndOpeningCutsItAway() throws Exception {
        FileSessionStore store = store();
        String id = store.create("torn").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("one"));
            writer.append(UserMessage.of("two"));
        }
        Path file = store.file(id);
        Files.writeString(file, "{\"type\":\"message\",\"message\":{\"role\":\"us", StandardOpenOption.APPEND);

        Session torn = store.load(id).orElseThrow();
        assertThat(torn.messages()).containsExactly(UserMessage.of("one"), UserMessage.of("two"));
        assertThat(torn.droppedRecords()).isEqualTo(1);

        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("three"));
        }
        assertThat(Files.readString(file)).doesNotContain("\"role\":\"us\n").endsWith("\n");
        Session repaired = store.load(id).orElseThrow();
        assertThat(repaired.messages()).extracting(m -> ((UserMessage) m).text())
                .containsExactly("one", "two", "three");
        assertThat(repaired.droppedRecords()).isZero();
    }

    @Test
    void recordsLeftOutAreReportedWithTheFileAndLineNumber() throws Exception {
        FileSessionStore store = store();
        String id = store.create("damaged").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("one"));
            writer.append(UserMessage.of("two"));
        }
        Path file = store.file(id);
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(file));
        lines.add(2, "{\"type\":\"message\",\"mess#ge");
        Files.writeString(file, String.join("\n", lines) + "\n");
        Files.writeString(file, "{\"type\":\"message\",\"message\":{\"role\":\"us", StandardOpenOption.APPEND);

        SessionLog read = SessionLog.read(file, id).orElseThrow();

        assertThat(read.session.messages()).containsExactly(UserMessage.of("one"), UserMessage.of("two"));
        assertThat(read.session.droppedRecords()).isEqualTo(2);
        assertThat(read.warnings).hasSize(2);
        assertThat(read.warnings.get(0)).startsWith("session " + id + ": left out line 3 of " + file
                + ", a record that cannot be read (not JSON: ").endsWith("); the rest of the session is kept");
        assertThat(read.warnings.get(1)).isEqualTo("session " + id + ": left out line 5 of " + file + ", a record "
                + "cut off at the end of the file (the process stopped while writing it); it is cut away when the "
                + "session is next continued");
    }

    @Test
    void theLastTurnWithCallsLeftIsOpenAndTheConversationEndsBeforeIt() throws Exception {
        FileSessionStore store = store();
        String id = store.create("open").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("read both"));
            writer.append(THINKING_AND_TWO_CALLS);
            writer.callStarted(THINKING_AND_TWO_CALLS.toolCalls().get(0));
            writer.appendResult(new ToolResultBlock("call_a", "read", "A", false));
        }

        Session loaded = store.load(id).orElseThrow();
        assertThat(loaded.messages()).containsExactly(UserMessage.of("read both"));
        assertThat(loaded.info().messageCount()).isEqualTo(1);
        OpenTurn open = loaded.openTurn().orElseThrow();
        assertThat(open.turn()).isEqualTo(THINKING_AND_TWO_CALLS);
        assertThat(open.calls()).extracting(CallProgress::stage)
                .containsExactly(CallProgress.Stage.FINISHED, CallProgress.Stage.NOT_STARTED);
        assertThat(open.calls().get(0).result()).contains(new ToolResultBlock("call_a", "read", "A", false));
        assertThat(loaded.interrupted()).isZero();

        String before = Files.readString(store.file(id));
        store.open(id).close();
        assertThat(Files.readString(store.file(id))).as("opening appends nothing").isEqualTo(before);
        Session reopened = store.load(id).orElseThrow();
        assertThat(reopened.messages()).isEqualTo(loaded.messages());
        assertThat(reopened.openTurn()).isEqualTo(loaded.openTurn());
    }

    @Test
    void eachCallOfTheOpenTurnIsAsFarAsItsLatestRecordSays() {
        FileSessionStore store = store();
        String id = store.create("stages").id();
        ToolCall write = ToolCall.of("w", "write", "{\"path\":\"x\"}");
        ToolCall read = ToolCall.of("r", "read", "{}");
        ToolCall bash = ToolCall.of("b", "bash", "{}");
        ToolCall later = ToolCall.of("l", "read", "{}");
        ToolCall denied = ToolCall.of("d", "bash", "{}");
        AssistantMessage turn = new AssistantMessage(List.of(write, read, bash, later, denied), Usage.ZERO,
                StopReason.TOOL_CALLS);
        PendingCall pendingWrite = new PendingCall(write, List.of("writes x, outside the rules"), List.of("Write(x)"));
        PendingCall pendingDenied = new PendingCall(denied, List.of("runs rm"), List.of());
        Instant before = Instant.now();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("go"));
            writer.append(turn);
            writer.callPending(pendingWrite);
            writer.callStarted(read);
            writer.appendResult(new ToolResultBlock("r", "read", "R", false));
            writer.callStarted(bash);
            writer.callPending(pendingDenied);
            writer.callDecided(CallDecision.deny("d", Optional.of("not today")));
        }

        Session session = store.load(id).orElseThrow();
        OpenTurn open = session.openTurn().orElseThrow();
        assertThat(open.calls()).extracting(CallProgress::stage).containsExactly(CallProgress.Stage.PENDING,
                CallProgress.Stage.FINISHED, CallProgress.Stage.STARTED, CallProgress.Stage.NOT_STARTED,
                CallProgress.Stage.PENDING);
        assertThat(open.calls().get(0).pending()).contains(pendingWrite);
        assertThat(open.calls().get(0).decision()).isEmpty();
        assertThat(open.calls().get(4).decision()).contains(CallDecision.deny("d", Optional.of("not today")));
        assertThat(open.undecided()).containsExactly(pendingWrite);
        assertThat(open.calls()).allSatisfy(call -> assertThat(call.at()).isAfterOrEqualTo(before.minusSeconds(1)));
        assertThat(open.calls().get(4).at()).isAfterOrEqualTo(open.calls().get(3).at());
        assertThat(session.interrupted()).as("calls that started and did not finish").isEqualTo(1);
        assertThat(session.messages()).containsExactly(UserMessage.of("go"));
    }

    @Test
    void aTurnWhoseCallsAllFinishLeavesNothingOpen() {
        FileSessionStore store = store();
        String id = store.create("closed").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(THINKING_AND_TWO_CALLS);
            writer.callPending(new PendingCall(THINKING_AND_TWO_CALLS.toolCalls().get(1), List.of("why"), List.of()));
            writer.callDecided(CallDecision.approve("call_b"));
            writer.callStarted(THINKING_AND_TWO_CALLS.toolCalls().get(0));
            writer.appendResult(new ToolResultBlock("call_a", "read", "A", false));
            writer.callStarted(THINKING_AND_TWO_CALLS.toolCalls().get(1));
            writer.appendResult(new ToolResultBlock("call_b", "read", "B", false));
        }

        Session session = store.load(id).orElseThrow();
        assertThat(session.openTurn()).isEmpty();
        assertThat(session.messages()).containsExactly(THINKING_AND_TWO_CALLS, new ToolMessage(List.of(
                new ToolResultBlock("call_a", "read", "A", false), new ToolResultBlock("call_b", "read", "B", false))));
    }

    @Test
    void anUnfinishedTurnTheConversationWentOnPastIsClosedAsInterrupted() {
        FileSessionStore store = store();
        String id = store.create("went on").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("read both"));
            writer.append(THINKING_AND_TWO_CALLS);
            writer.callStarted(THINKING_AND_TWO_CALLS.toolCalls().get(1));
            writer.appendResult(new ToolResultBlock("call_a", "read", "A", false));
            writer.append(UserMessage.of("never mind"));
        }

        Session loaded = store.load(id).orElseThrow();
        assertThat(loaded.openTurn()).isEmpty();
        assertThat(loaded.messages()).containsExactly(UserMessage.of("read both"), THINKING_AND_TWO_CALLS,
                new ToolMessage(List.of(new ToolResultBlock("call_a", "read", "A", false),
                        new ToolResultBlock("call_b", "read", SessionLog.INTERRUPTED, true))),
                UserMessage.of("never mind"));
    }

    @Test
    void aCheckpointInAnOpenTurnKeepsItOpenWithTheConversationBeforeIt() {
        FileSessionStore store = store();
        String id = store.create("paused").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("read both"));
            writer.append(THINKING_AND_TWO_CALLS);
            writer.appendResult(new ToolResultBlock("call_a", "read", "A", false));
            writer.callPending(new PendingCall(THINKING_AND_TWO_CALLS.toolCalls().get(1), List.of("why"), List.of()));
            writer.checkpoint(new Checkpoint("run-1", Instant.now(), "COMPLETED AWAITING_APPROVAL", Usage.ZERO,
                    Map.of()));
        }

        Session session = store.load(id).orElseThrow();
        assertThat(session.openTurn()).isPresent();
        assertThat(session.checkpoint("run-1").messages()).containsExactly(UserMessage.of("read both"));
    }

    @Test
    void aRecordCutOffInTheOpenTurnIsLeftOutAndTheRestKept() throws Exception {
        FileSessionStore store = store();
        String id = store.create("torn turn").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(THINKING_AND_TWO_CALLS);
            writer.callStarted(THINKING_AND_TWO_CALLS.toolCalls().get(0));
        }
        Files.writeString(store.file(id), "{\"type\":\"result\",\"at\":\"2026-", StandardOpenOption.APPEND);

        Session torn = store.load(id).orElseThrow();
        assertThat(torn.droppedRecords()).isEqualTo(1);
        assertThat(torn.openTurn().orElseThrow().calls()).extracting(CallProgress::stage)
                .containsExactly(CallProgress.Stage.STARTED, CallProgress.Stage.NOT_STARTED);
        assertThat(torn.interrupted()).isEqualTo(1);
    }

    @Test
    void callRecordsForNoOpenTurnOrAnotherCallAreLeftOutWithAWarning() throws Exception {
        FileSessionStore store = store();
        String id = store.create("stray").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("hello"));
            writer.callStarted(ToolCall.of("nowhere", "read", "{}"));
            writer.append(THINKING_AND_TWO_CALLS);
            writer.callDecided(CallDecision.approve("other"));
        }

        SessionLog read = SessionLog.read(store.file(id), id).orElseThrow();
        assertThat(read.warnings).hasSize(2);
        assertThat(read.warnings.get(0)).contains("a started record with no tool call before it");
        assertThat(read.warnings.get(1)).contains("a decided record for call 'other', which the last model turn "
                + "does not have");
        assertThat(read.session.openTurn().orElseThrow().calls()).extracting(CallProgress::stage)
                .containsOnly(CallProgress.Stage.NOT_STARTED);
    }

    @Test
    void aSecondWriterIsRefusedUntilTheFirstCloses() {
        FileSessionStore store = store();
        String id = store.create("locked").id();
        SessionWriter first = store.open(id);

        assertThatThrownBy(() -> store.open(id)).isInstanceOf(SessionLockedException.class)
                .hasMessageContaining("is open in another process").hasMessageContaining("agentloop sessions fork " + id);
        assertThatThrownBy(() -> store.delete(id)).isInstanceOf(SessionLockedException.class);

        first.close();
        store.open(id).close();
    }

    @Test
    void checkpointsRestoreTheConversationAndDataOfTheirTime() {
        FileSessionStore store = store();
        String id = store.create("checkpoints").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("first task"));
            writer.append(AssistantMessage.of("first answer"));
            writer.checkpoint(new Checkpoint("run-1", Instant.parse("2026-11-23T10:00:00Z"), "COMPLETED ANSWERED",
                    Usage.of(100, 10), Map.of("branch", "main")));
            writer.append(UserMessage.of("second task"));
            writer.append(AssistantMessage.of("second answer"));
            writer.replaceAll(List.of(UserMessage.of("summary of everything")));
        }

        Session session = store.load(id).orElseThrow();
        assertThat(session.messages()).containsExactly(UserMessage.of("summary of everything"));
        Session.Restorable first = session.checkpoint("run-1");
        assertThat(first.messages()).containsExactly(UserMessage.of("first task"), AssistantMessage.of("first answer"));
        assertThat(first.checkpoint().data()).containsEntry("branch", "main");
        assertThat(first.checkpoint().usage()).isEqualTo(Usage.of(100, 10));
        assertThatThrownBy(() -> session.checkpoint("run-9")).isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("it has: run-1");
    }

    @Test
    void aForkCopiesTheWholeSessionOrItsStateAtACheckpointAndCanBeWrittenWhileTheOriginalIsOpen() {
        FileSessionStore store = store();
        String id = store.create("original").id();
        SessionWriter original = store.open(id);
        original.append(UserMessage.of("task"));
        original.append(THINKING_AND_TWO_CALLS);
        original.appendResult(new ToolResultBlock("call_a", "read", "A", false));
        original.appendResult(new ToolResultBlock("call_b", "read", "B", false));
        original.checkpoint(new Checkpoint("mid", Instant.now(), "COMPLETED", Usage.ZERO, Map.of("k", "v")));
        original.append(UserMessage.of("later"));

        SessionInfo whole = store.fork(id, Optional.empty());
        SessionInfo atMid = store.fork(id, Optional.of("mid"));

        assertThat(store.load(whole.id()).orElseThrow().messages()).isEqualTo(store.load(id).orElseThrow().messages());
        Session mid = store.load(atMid.id()).orElseThrow();
        assertThat(mid.messages()).hasSize(3).last().isInstanceOf(ToolMessage.class);
        assertThat(mid.lastData()).containsEntry("k", "v");
        assertThat(mid.info().title()).isEqualTo("original (fork)");
        try (SessionWriter fork = store.open(atMid.id())) {
            fork.append(UserMessage.of("another way"));
        }
        original.close();
        assertThatThrownBy(() -> store.fork(id, Optional.of("nope"))).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void aForkKeepsTheOpenTurnAsFarAsEachCallGot() {
        FileSessionStore store = store();
        String id = store.create("open original").id();
        PendingCall pending = new PendingCall(THINKING_AND_TWO_CALLS.toolCalls().get(1), List.of("reads b"),
                List.of("Read(b.txt)"));
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("read both"));
            writer.append(THINKING_AND_TWO_CALLS);
            writer.appendResult(new ToolResultBlock("call_a", "read", "A", false));
            writer.callPending(pending);
            writer.callDecided(CallDecision.always("call_b"));
        }

        SessionInfo fork = store.fork(id, Optional.empty());

        Session original = store.load(id).orElseThrow();
        Session copy = store.load(fork.id()).orElseThrow();
        assertThat(copy.messages()).isEqualTo(original.messages());
        assertThat(copy.openTurn()).isEqualTo(original.openTurn()).isPresent();
        assertThat(copy.openTurn().orElseThrow().calls().get(1).decision()).contains(CallDecision.always("call_b"));
    }

    @Test
    void sessionFilesArePrivateToTheUser() throws Exception {
        FileSessionStore store = store();
        String id = store.create("private").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("secret plans"));
        }

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.folder()))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.file(id)))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.folder().resolve(id + ".lock"))))
                .isEqualTo("rw-------");
    }

    @Test
    void listShowsTheMostRecentFirstAndDeleteRemoves() throws Exception {
        FileSessionStore store = store();
        String older = store.create("older").id();
        String newer = store.create("newer").id();
        Files.setLastModifiedTime(store.file(older), java.nio.file.attribute.FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));

        assertThat(store.list()).extracting(SessionInfo::id).containsExactly(newer, older);
        assertThat(store.delete(older)).isTrue();
        assertThat(store.delete(older)).isFalse();
        assertThat(store.list()).extracting(SessionInfo::id).containsExactly(newer);
        assertThat(store.load(older)).isEmpty();
        assertThatThrownBy(() -> store.open("../etc/passwd")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a session id");
        assertThat(new String(Files.readAllBytes(store.file(newer)), StandardCharsets.UTF_8))
                .startsWith("{\"type\":\"session\",\"version\":1,\"id\":\"" + newer + "\"");
    }
}
