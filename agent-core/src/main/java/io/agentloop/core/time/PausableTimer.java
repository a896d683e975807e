package io.agentloop.core.time;

import java.time.Duration;

/**
 * A timer that can stop counting for a while: the iteration and run timeouts while a person decides
 * whether a tool call may run, so the time they take never ends the run. Pauses nest (parallel
 * calls may wait for approval at once); the timer counts again when the last one ends, with the
 * time it had left. Thread-safe.
 */
public final class PausableTimer {
    private final Timekeeper time;
    private final Runnable task;
    private long remainingNanos;
    private long countingSince;
    private Timekeeper.Scheduled scheduled;
    private int pauses;
    private boolean over;

    private PausableTimer(Timekeeper time, Duration delay, Runnable task) {
        this.time = time;
        this.task = task;
        this.remainingNanos = delay.toNanos();
    }

    /** Starts counting {@code delay}; runs {@code task} once it has passed, pauses left out. */
    public static PausableTimer start(Timekeeper time, Duration delay, Runnable task) {
        PausableTimer timer = new PausableTimer(time, delay, task);
        synchronized (timer) {
            timer.count();
        }
        return timer;
    }

    private void count() {
        countingSince = time.nanoTime();
        scheduled = time.schedule(Duration.ofNanos(Math.max(0, remainingNanos)), this::fire);
    }

    private void fire() {
        synchronized (this) {
            if (over || pauses > 0) {
                return;
            }
            over = true;
        }
        task.run();
    }

    /** Stops counting until {@link #resume()}. */
    public synchronized void pause() {
        if (over || pauses++ > 0) {
            return;
        }
        scheduled.cancel();
        remainingNanos -= time.nanoTime() - countingSince;
    }

    /** Counts again, with the time left when it was paused. */
    public synchronized void resume() {
        if (over || pauses == 0 || --pauses > 0) {
            return;
        }
        count();
    }

    /** Whether it fired or was cancelled. */
    public synchronized boolean over() {
        return over;
    }

    /** Stops the timer for good. Idempotent. */
    public synchronized void cancel() {
        over = true;
        scheduled.cancel();
    }
}
