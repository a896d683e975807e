package io.agentloop.server.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A served run's events, numbered from 1 in the order they happened, kept as long as the run's
 * record so a stream that broke goes on from the last event it saw ({@code Last-Event-ID}), none
 * lost or repeated, also across a restart of the server: a log with a file writes each event to it
 * as one JSON line when it happens, and a server started again reads them back. Readers wait on a
 * lock's condition (not a monitor: a virtual thread waiting on one would hold its carrier on JDK 21).
 * The file stays open from an event to the end of the log, or until {@link #release()}.
 */
public final class EventLog {
    private static final Logger LOG = LoggerFactory.getLogger(EventLog.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One event: its number, its type (the SSE event name) and its JSON. */
    public record Entry(long id, String type, String data) {
    }

    /**
     * What a reader gets: the events after the number it gave (possibly none, when the wait ran out),
     * and whether the log has ended (no event will follow those).
     */
    public record Batch(List<Entry> entries, boolean ended) {
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<Entry> entries = new ArrayList<>();
    private final Optional<Path> file;
    private long last;
    private boolean ended;
    private Writer out;

    /** A log in memory alone whose first event will be number {@code before + 1}. */
    public EventLog(long before) {
        this.file = Optional.empty();
        this.last = before;
    }

    /**
     * The log kept in {@code file}: the events written there already (a line cut off by a crash left
     * out), then those that follow, numbered on from the last of them or {@code before}, whichever is
     * higher.
     */
    EventLog(Path file, long before) {
        this.file = Optional.of(file);
        long read = 0;
        try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                try {
                    JsonNode node = JSON.readTree(line);
                    long id = node.path("id").asLong(0);
                    if (id > read) {
                        entries.add(new Entry(id, node.path("type").asString(), node.path("data").asString()));
                        read = id;
                    }
                } catch (JacksonException cutOff) {
                    // the last line of a server that stopped while writing it
                }
            }
        } catch (NoSuchFileException none) {
            // no event yet
        } catch (IOException e) {
            LOG.warn("the events of a served run in {} cannot be read; its stream starts after them: {}", file,
                    e.toString());
        }
        this.last = Math.max(before, read);
    }

    /** Adds an event; returns its number. Ignored (returns -1) once the log has ended. */
    public long append(String type, String data) {
        lock.lock();
        try {
            if (ended) {
                return -1;
            }
            Entry entry = new Entry(++last, type, data);
            entries.add(entry);
            keep(entry);
            changed.signalAll();
            return entry.id();
        } finally {
            lock.unlock();
        }
    }

    /** No event follows: readers get what is left and then the end. */
    public void end() {
        lock.lock();
        try {
            ended = true;
            close();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Lets go of the events file until the next event, which opens it again to append. A run waiting
     * for a person may wait for days and waiting runs are not limited in number: each holding its
     * file open would run the server out of file descriptors. A running run keeps its file open, so
     * the events of a streamed run are written without opening it for each.
     */
    public void release() {
        lock.lock();
        try {
            close();
        } finally {
            lock.unlock();
        }
    }

    /** The number of the last event, 0 before the first. */
    public long last() {
        lock.lock();
        try {
            return last;
        } finally {
            lock.unlock();
        }
    }

    /** How many events of the log have a type {@code kind} accepts. */
    public long count(Predicate<String> kind) {
        lock.lock();
        try {
            return entries.stream().filter(entry -> kind.test(entry.type())).count();
        } finally {
            lock.unlock();
        }
    }

    public boolean ended() {
        lock.lock();
        try {
            return ended;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The events numbered above {@code after}; when there are none yet, waits for one up to
     * {@code wait}. Events of a log without a file from before a restart of the server are not
     * kept: a reader that asks for them gets those that are.
     */
    public Batch after(long after, Duration wait) throws InterruptedException {
        lock.lock();
        try {
            long nanos = wait.toNanos();
            while (last <= after && !ended && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
            int low = 0;
            int high = entries.size();
            while (low < high) { // the first entry numbered above after: numbers rise, with a gap where a file was lost
                int middle = (low + high) >>> 1;
                if (entries.get(middle).id() <= after) {
                    low = middle + 1;
                } else {
                    high = middle;
                }
            }
            int from = low;
            return new Batch(List.copyOf(entries.subList(from, entries.size())), ended);
        } finally {
            lock.unlock();
        }
    }

    /** Writes an event to the file, under the lock; a failure is logged once and the events stay in memory. */
    private void keep(Entry entry) {
        if (file.isEmpty()) {
            return;
        }
        try {
            if (out == null) {
                boolean cutOff = endsCutOff(file.get());
                out = Files.newBufferedWriter(file.get(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                if (cutOff) {
                    out.write('\n'); // the next event on a line of its own, after the line a stopped server cut off
                }
            }
            out.write(JSON.writeValueAsString(JSON.createObjectNode().put("id", entry.id()).put("type", entry.type())
                    .put("data", entry.data())));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            LOG.warn("could not keep an event of a served run in {}: {}; a server started again will not replay it",
                    file.get(), e.toString());
        }
    }

    /** Whether the file's last line has no end: a server stopped while writing it. */
    private static boolean endsCutOff(Path file) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            if (channel.size() == 0) {
                return false;
            }
            ByteBuffer last = ByteBuffer.allocate(1);
            channel.position(channel.size() - 1).read(last);
            return last.get(0) != '\n';
        } catch (NoSuchFileException none) {
            return false;
        }
    }

    private void close() {
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                LOG.warn("could not close the events file {}: {}", file.orElseThrow(), e.toString());
            }
            out = null;
        }
    }

}
