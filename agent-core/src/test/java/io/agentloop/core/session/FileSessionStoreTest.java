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
    void aCallWithoutAResultGetsAnInterruptedResultThatOpeningSaves() {
        FileSessionStore store = store();
        String id = store.create("interrupted").id();
        try (SessionWriter writer = store.open(id)) {
            writer.append(UserMessage.of("read both"));
            writer.append(THINKING_AND_TWO_CALLS);
            writer.appendResult(new ToolResultBlock("call_a", "read", "A", false));
        }

        Session loaded = store.load(id).orElseThrow();
        assertThat(loaded.interrupted()).isEqualTo(1);
        assertThat(loaded.messages().getLast()).isEqualTo(new ToolMessage(List.of(
                new ToolResultBlock("call_a", "read", "A", false),
                new ToolResultBlock("call_b", "read", SessionLog.INTERRUPTED, true))));

        store.open(id).close();
        Session after = store.load(id).orElseThrow();
        assertThat(after.interrupted()).as("the synthetic result is now saved").isZero();
        assertThat(after.messages()).isEqualTo(loaded.messages());
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
