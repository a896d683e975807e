package io.agentloop.server.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A served run's events, numbered from 1 in the order they happened, kept for the run's life so a
 * stream that broke goes on from the last event it saw ({@code Last-Event-ID}), none lost or
 * repeated. Readers wait on a lock's condition (not a monitor: a virtual thread waiting on one
 * would hold its carrier on JDK 21). Numbering goes on across a restart of the server from the
 * number on record; the events before a restart are not kept.
 */
public final class EventLog {
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
    private final long first;
    private long last;
    private boolean ended;

    /** A log whose first event will be number {@code before + 1}. */
    public EventLog(long before) {
        this.first = before + 1;
        this.last = before;
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
            changed.signalAll();
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
     * {@code wait}. Events from before a restart of the server are not kept: a reader that asks
     * for them gets those that are.
     */
    public Batch after(long after, Duration wait) throws InterruptedException {
        lock.lock();
        try {
            long nanos = wait.toNanos();
            while (last <= after && !ended && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
            int from = (int) Math.max(0, Math.min(entries.size(), after + 1 - first));
            return new Batch(List.copyOf(entries.subList(from, entries.size())), ended);
        } finally {
            lock.unlock();
        }
    }

}
