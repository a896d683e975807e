package io.agentloop.core.time;

import io.agentloop.api.CancellationSignal;
import java.time.Duration;
import java.time.Instant;

/**
 * Everything the loop needs from time: a monotonic clock, cancellable waits and timers. Injected,
 * so tests drive time by hand and never sleep; {@link SystemTimekeeper} is the real one.
 */
public interface Timekeeper {

    /** A monotonic clock in nanoseconds, like {@link System#nanoTime()}. */
    long nanoTime();

    /** The wall-clock time, for what a record says happened when. */
    default Instant now() {
        return Instant.now();
    }

    /**
     * Waits for {@code duration}, returning early if {@code cancellation} fires.
     *
     * @return {@code true} when the whole duration passed, {@code false} when cancelled
     */
    boolean sleep(Duration duration, CancellationSignal cancellation);

    /** Runs {@code task} once after {@code delay}, on a timer thread. */
    Scheduled schedule(Duration delay, Runnable task);

    /** A pending timer. */
    @FunctionalInterface
    interface Scheduled {
        /** Stops the timer if it has not fired. Idempotent. */
        void cancel();
    }
}
