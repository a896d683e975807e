package io.agentloop.core.run;

import io.agentloop.api.run.AgentRegistry;
import io.agentloop.api.run.AgentState;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The process's {@link AgentRegistry}, fed by every run: {@code Agent} registers a run when it
 * starts and marks its end, {@link StateTracker} records each move of the outer machine. Finished
 * entries are kept for the last {@value #KEPT} finished runs only, oldest dropped first, so a
 * long-lived server does not grow with every run it ever made. Thread-safe: runs, sub-agents and
 * plan steps change it from their own threads.
 */
public final class AgentStates implements AgentRegistry {
    /** How many finished runs the process registry remembers. */
    public static final int KEPT = 100;

    private static final AgentStates PROCESS = new AgentStates(KEPT, Clock.systemUTC());

    private final int kept;
    private final Clock clock;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final Deque<String> finished = new ArrayDeque<>();
    private final List<Consumer<Entry>> watchers = new CopyOnWriteArrayList<>();

    public AgentStates(int kept, Clock clock) {
        if (kept < 0) {
            throw new IllegalArgumentException("kept must be 0 or more, was " + kept);
        }
        this.kept = kept;
        this.clock = clock;
    }

    /** The registry of this process, which every agent feeds. */
    public static AgentStates process() {
        return PROCESS;
    }

    /**
     * What runs started on the current thread are there for: set by a plan-and-solve or a hub
     * around the runs it starts, so that they join its session.
     */
    public record Scope(String session, Kind kind, String name) {
    }

    private static final ThreadLocal<Scope> SCOPE = new ThreadLocal<>();

    /** Runs {@code body} with the runs it starts on this thread counted in {@code scope}. */
    public static <T> T within(Scope scope, Supplier<T> body) {
        Scope before = SCOPE.get();
        SCOPE.set(scope);
        try {
            return body.get();
        } finally {
            if (before == null) {
                SCOPE.remove();
            } else {
                SCOPE.set(before);
            }
        }
    }

    /** The scope the current thread runs in, if any. */
    public static Optional<Scope> scope() {
        return Optional.ofNullable(SCOPE.get());
    }

    /** Records a run that starts, in {@code INIT}. */
    public void register(String runId, String session, Kind kind, String name, Optional<String> parent) {
        Entry entry = new Entry(runId, session, kind, name, parent, AgentState.INIT, clock.instant());
        synchronized (this) {
            entries.put(runId, entry);
            notifyAll();
        }
        tell(entry);
    }

    /**
     * Calls {@code watcher} with each entry as it is registered or changes, on the thread of the run
     * that changed it, until the returned handle is closed: for a view that shows agents as they go.
     * A watcher that throws is not called again for that change; the runs go on.
     */
    public Watch watch(Consumer<Entry> watcher) {
        watchers.add(watcher);
        return () -> watchers.remove(watcher);
    }

    /** A watcher's registration: closing it stops the calls. */
    @FunctionalInterface
    public interface Watch extends AutoCloseable {
        @Override
        void close();
    }

    private void tell(Entry entry) {
        for (Consumer<Entry> watcher : watchers) {
            try {
                watcher.accept(entry);
            } catch (RuntimeException e) {
                // a view's failure is not the run's
            }
        }
    }

    /** The session a known run works for. */
    public synchronized Optional<String> sessionOf(String runId) {
        return Optional.ofNullable(entries.get(runId)).map(Entry::session);
    }

    /** Records a run's move; a run not registered (a test's tracker, a dropped entry) is ignored. */
    public void update(String runId, AgentState state) {
        Entry changed;
        synchronized (this) {
            Entry now = entries.get(runId);
            if (now == null || now.finished() || now.state() == state) {
                return;
            }
            changed = new Entry(runId, now.session(), now.kind(), now.name(), now.parent(), state, clock.instant());
            entries.put(runId, changed);
            if (state.isTerminal()) {
                finished.addLast(runId);
                while (finished.size() > kept) {
                    entries.remove(finished.removeFirst());
                }
            }
            notifyAll();
        }
        tell(changed);
    }

    @Override
    public synchronized List<Entry> agents() {
        List<Entry> all = new ArrayList<>(entries.values());
        all.sort(Comparator.comparing(Entry::finished)); // stable: each group keeps its order
        return all;
    }

    @Override
    public synchronized List<Entry> session(String session) {
        return entries.values().stream().filter(e -> e.session().equals(session)).toList();
    }

    /**
     * Waits until every agent of a session has completed or failed: a plan-and-solve or hub
     * session ends only then.
     *
     * @return whether it settled within {@code limit}
     */
    public synchronized boolean awaitSettled(String session, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!settled(session)) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }
}
