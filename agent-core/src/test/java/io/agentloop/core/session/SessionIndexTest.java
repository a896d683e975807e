package io.agentloop.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session index: listing reads only what changed, and the list is always what reading every
 * session whole would give, across crashes, other processes, forks, deletes and a broken index.
 */
class SessionIndexTest {
    /** Gives each settled session its own time, in the order they were made. */
    private static final AtomicInteger SETTLED = new AtomicInteger();

    @TempDir
    Path folder;

    /** What a list must show: every session read whole, newest first. */
    private static List<SessionInfo> truth(FileSessionStore store) throws Exception {
        List<SessionInfo> sessions = new ArrayList<>();
        try (Stream<Path> files = Files.list(store.folder())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
                String id = file.getFileName().toString().replace(".jsonl", "");
                sessions.add(SessionLog.read(file, id).orElseThrow().session.info());
            }
        }
        sessions.sort(java.util.Comparator.comparing(SessionInfo::updated).reversed()
                .thenComparing(SessionInfo::id));
        return sessions;
    }

    private static void assertListIsTheTruth(FileSessionStore store) throws Exception {
        List<SessionInfo> truth = truth(store);
        assertThat(store.list()).isEqualTo(truth);
        assertThat(store.latest()).isEqualTo(truth.stream().findFirst());
    }

    private static SessionInfo session(FileSessionStore store, String title, int turns) {
        SessionInfo info = store.create(title);
        try (SessionWriter writer = store.open(info.id())) {
            for (int n = 0; n < turns; n++) {
                writer.append(UserMessage.of("question " + n));
                writer.append(new AssistantMessage(List.of(new TextBlock("reading"), ToolCall.of("c" + n, "read",
                        "{}")), Usage.of(10, 2), StopReason.TOOL_CALLS));
                writer.appendResult(new ToolResultBlock("c" + n, "read", "content " + n, false));
            }
        }
        settle(store, info.id());
        return info;
    }

    /** As if the session was last written a while ago (a file changed seconds ago is not cached yet). */
    private static void settle(FileSessionStore store, String id) {
        try {
            Files.setLastModifiedTime(store.file(id), FileTime.fromMillis(System.currentTimeMillis()
                    - FileSessionStore.SETTLE_MILLIS - 60_000 + SETTLED.incrementAndGet()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aSecondListReadsNoSessionThatDidNotChange() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        for (int n = 0; n < 5; n++) {
            session(store, "session " + n, n + 1);
        }
        assertListIsTheTruth(store);
        int readsAfterFirst = store.fullReads();
        assertThat(readsAfterFirst).isEqualTo(5);
        assertThat(folder.resolve(SessionIndex.FILE)).isRegularFile();

        assertThat(store.list()).hasSize(5);
        assertThat(store.latest()).isPresent();
        assertThat(store.fullReads()).as("nothing changed: nothing read").isEqualTo(readsAfterFirst);

        SessionInfo changed = store.list().getLast();
        try (SessionWriter writer = store.open(changed.id())) {
            writer.append(UserMessage.of("one more"));
        }
        assertListIsTheTruth(store);
        assertThat(store.fullReads()).as("only the changed session is read again").isEqualTo(readsAfterFirst + 1);
    }

    @Test
    void theIndexIsUsedOnlyWhileTheFileIsExactlyAsItWas() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        SessionInfo info = session(store, "cached", 2);
        assertThat(store.list()).singleElement().extracting(SessionInfo::messageCount).isEqualTo(6);

        // same size, same time, other content: the index cannot tell, and serves its entry
        Path file = store.file(info.id());
        FileTime time = Files.getLastModifiedTime(file);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String renamed = text.replace("\"title\":\"cached\"", "\"title\":\"CACHED\"");
        Files.writeString(file, renamed, StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, time);
        assertThat(store.list()).singleElement().extracting(SessionInfo::title).isEqualTo("cached");
        assertThat(store.fullReads()).isEqualTo(1);

        // one byte more: read again
        Files.writeString(file, renamed + "\n", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(file, time);
        assertListIsTheTruth(store);
        assertThat(store.list()).singleElement().extracting(SessionInfo::title).isEqualTo("CACHED");
        assertThat(store.fullReads()).isEqualTo(2);
    }

    @Test
    void aSessionWrittenInTheLastSecondsIsReadAgainEvenWithTheSameSizeAndTime() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        SessionInfo info = store.create("fresh");
        Path file = store.file(info.id());
        assertThat(store.list()).singleElement().extracting(SessionInfo::title).isEqualTo("fresh");

        FileTime time = Files.getLastModifiedTime(file);
        Files.writeString(file, Files.readString(file).replace("\"fresh\"", "\"FRESH\""));
        Files.setLastModifiedTime(file, time);

        assertThat(store.list()).singleElement().extracting(SessionInfo::title).isEqualTo("FRESH");
        assertThat(store.fullReads()).isEqualTo(2);
        assertThat(Files.exists(folder.resolve(SessionIndex.FILE)) ? Files.readString(folder.resolve(SessionIndex.FILE))
                : "").doesNotContain(info.id());
    }

    @Test
    void forksDeletesReplacementsAndNewSessionsAreListedAsReadingThemWholeWould() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        SessionInfo first = session(store, "first", 2);
        SessionInfo second = session(store, "second", 1);
        assertListIsTheTruth(store);

        store.fork(first.id(), Optional.empty());
        assertListIsTheTruth(store);
        store.delete(second.id());
        assertListIsTheTruth(store);
        try (SessionWriter writer = store.open(first.id())) {
            writer.replaceAll(List.<Message>of(UserMessage.of("summary of it all")));
        }
        assertListIsTheTruth(store);
        session(store, "third", 3);
        assertListIsTheTruth(store);
        assertThat(store.list()).extracting(SessionInfo::title).contains("first", "first (fork)", "third")
                .doesNotContain("second");
    }

    @Test
    void aGarbledOrOldIndexAndTemporaryFilesOfADeadListerAreIgnored() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        session(store, "one", 1);
        session(store, "two", 2);
        store.list();
        Path index = folder.resolve(SessionIndex.FILE);
        String whole = Files.readString(index);

        // cut off in the middle of an entry (a writer that died leaves the old index, but a disk may not)
        Files.writeString(index, whole.substring(0, whole.length() - 20));
        assertListIsTheTruth(store);
        Files.writeString(index, whole.replace("index 1\n", "index 99\n"));
        assertListIsTheTruth(store);
        Files.writeString(index, whole.replace("\t", " "));
        assertListIsTheTruth(store);
        Files.writeString(index, "not an index at all");
        Files.writeString(folder.resolve("." + SessionIndex.FILE + ".12345.tmp"), "agentloop sessions");
        assertListIsTheTruth(store);
        assertThat(Files.readString(index)).as("rewritten").isEqualTo(whole);
        assertThat(store.list()).hasSize(2);
    }

    @Test
    void titlesWithTabsLineBreaksAndBackslashesComeBackAsTheyWere() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        session(store, "a\ttab, a\nbreak, a \\ and \\t", 1);
        store.list();

        FileSessionStore fresh = new FileSessionStore(folder);
        assertThat(fresh.list()).singleElement().extracting(SessionInfo::title)
                .isEqualTo("a\ttab, a\nbreak, a \\ and \\t");
        assertThat(fresh.fullReads()).as("from the index").isZero();
        assertThat(Files.readAllLines(folder.resolve(SessionIndex.FILE))).hasSize(2);
        assertListIsTheTruth(store);
    }

    @Test
    void aWriterKilledMidSessionIsListedWithWhatItSaved() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        session(store, "before", 1);
        String id = store.create("appending").id();
        assertListIsTheTruth(store);
        try (ChildJvm child = ChildJvm.start(SessionChild.class, "append", folder.toString(), id)) {
            String line;
            do {
                line = child.awaitLine("appended ");
            } while (Integer.parseInt(line.substring("appended ".length())) < 50);
            child.kill();
        }

        assertListIsTheTruth(store);
        assertThat(store.latest()).map(SessionInfo::id).contains(id);
        assertThat(store.latest().orElseThrow().messageCount()).isGreaterThanOrEqualTo(50);
    }

    @Test
    void aSessionAddedByAnotherProcessIsListedAndIsTheLatest() throws Exception {
        FileSessionStore store = new FileSessionStore(folder);
        session(store, "mine", 2);
        assertListIsTheTruth(store);

        String added;
        try (ChildJvm child = ChildJvm.start(SessionChild.class, "add", folder.toString(), "theirs")) {
            added = child.awaitLine("added ").substring("added ".length());
        }
        Files.setLastModifiedTime(store.file(added), FileTime.fromMillis(System.currentTimeMillis() + 60_000));

        assertListIsTheTruth(store);
        assertThat(store.latest()).map(SessionInfo::title).contains("theirs");
        assertThat(store.list()).filteredOn(s -> s.id().equals(added)).singleElement()
                .extracting(SessionInfo::messageCount).isEqualTo(2);
    }
}
