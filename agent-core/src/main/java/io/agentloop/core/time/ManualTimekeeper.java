package io.agentloop.core.time;

import io.agentloop.api.CancellationSignal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Time that moves only when told, for tests: {@link #sleep} records the wait and advances the
 * clock at once (no thread ever sleeps), and timers fire when {@link #advance} passes their due
 * time. Thread-safe.
 *
 * <pre>{@code
 * ManualTimekeeper time = new ManualTimekeeper();
 * Agent agent = Agent.builder().model(model).timekeeper(time).build();
 * // ... a retried call ...
 * assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
 * }</pre>
 */
public final class ManualTimekeeper implements Timekeeper {
    private final List<Duration> sleeps = new ArrayList<>();
    private final List<Timer> timers = new ArrayList<>();
    private long now;

    private static final class Timer {
        final long dueAt;
        final Runnable task;
        boolean cancelled;

        Timer(long dueAt, Runnable task) {
            this.dueAt = dueAt;
            this.task = task;
        }
    }

    @Override
    public synchronized long nanoTime() {
        return now;
    }

    @Override
    public boolean sleep(Duration duration, CancellationSignal cancellation) {
        synchronized (this) {
            sleeps.add(duration);
        }
        if (cancellation.isCancelled()) {
            return false;
        }
        advance(duration);
        return !cancellation.isCancelled();
    }

    @Override
    public synchronized Scheduled schedule(Duration delay, Runnable task) {
        Timer timer = new Timer(now + delay.toNanos(), task);
        timers.add(timer);
        return () -> {
            synchronized (ManualTimekeeper.this) {
                timer.cancelled = true;
            }
        };
    }

    /** Moves the clock forward and runs, on this thread, every timer that came due. */
    public void advance(Duration duration) {
        List<Runnable> due = new ArrayList<>();
        synchronized (this) {
            now += duration.toNanos();
            for (Iterator<Timer> it = timers.iterator(); it.hasNext(); ) {
                Timer timer = it.next();
                if (timer.cancelled) {
                    it.remove();
                } else if (timer.dueAt <= now) {
                    it.remove();
                    due.add(timer.task);
                }
            }
        }
        due.forEach(Runnable::run);
    }

    /** Every wait asked of {@link #sleep}, in order. */
    public synchronized List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }

    /** How many timers are scheduled and neither fired nor cancelled. */
    public synchronized int pendingTimers() {
        int pending = 0;
        for (Timer timer : timers) {
            if (!timer.cancelled) {
                pending++;
            }
        }
        return pending;
    }
}
