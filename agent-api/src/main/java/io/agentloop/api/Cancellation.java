package io.agentloop.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A cancellation that can be triggered once, from any thread, like an abort signal. The first
 * {@link #cancel(String)} wins; later calls are ignored. Hand the {@link CancellationSignal} view to
 * code that should only observe it.
 *
 * <pre>{@code
 * Cancellation cancellation = new Cancellation();
 * executor.submit(() -> tool.execute(arguments, contextWith(cancellation)));
 * cancellation.cancel("user pressed Ctrl-C");
 * }</pre>
 */
public final class Cancellation implements CancellationSignal {
    static final CancellationSignal NEVER = new Cancellation();

    private final CountDownLatch latch = new CountDownLatch(1);
    private final List<Runnable> callbacks = new ArrayList<>();
    private volatile String reason;

    /**
     * Cancels with the given reason and runs the registered callbacks on this thread. A callback
     * that throws does not stop the others.
     *
     * @return {@code true} if this call cancelled, {@code false} if it was already cancelled
     */
    public boolean cancel(String reason) {
        Objects.requireNonNull(reason, "reason");
        if (this == NEVER) {
            throw new UnsupportedOperationException("CancellationSignal.never() cannot be cancelled");
        }
        List<Runnable> toRun;
        synchronized (callbacks) {
            if (this.reason != null) {
                return false;
            }
            this.reason = reason;
            toRun = List.copyOf(callbacks);
            callbacks.clear();
        }
        latch.countDown();
        RuntimeException first = null;
        for (Runnable callback : toRun) {
            try {
                callback.run();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
        return true;
    }

    @Override
    public boolean isCancelled() {
        return reason != null;
    }

    @Override
    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    @Override
    public boolean await(Duration timeout) throws InterruptedException {
        return latch.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public Registration onCancel(Runnable callback) {
        Objects.requireNonNull(callback, "callback");
        synchronized (callbacks) {
            if (reason == null) {
                callbacks.add(callback);
                return () -> {
                    synchronized (callbacks) {
                        callbacks.remove(callback);
                    }
                };
            }
        }
        callback.run();
        return () -> { };
    }
}
