package io.agentloop.core.time;

import io.agentloop.api.CancellationSignal;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Real time: {@link System#nanoTime()}, waits on the cancellation signal, and one shared daemon
 * timer thread (timeouts only flip flags and interrupt threads, so one thread is enough).
 */
public final class SystemTimekeeper implements Timekeeper {
    public static final SystemTimekeeper INSTANCE = new SystemTimekeeper();

    private final ScheduledThreadPoolExecutor timer;

    private SystemTimekeeper() {
        timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "agentloop-timer");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public boolean sleep(Duration duration, CancellationSignal cancellation) {
        try {
            return !cancellation.await(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public Scheduled schedule(Duration delay, Runnable task) {
        ScheduledFuture<?> future = timer.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }
}
