package io.agentloop.api;

import java.time.Duration;

/**
 * The read side of a cancellation: extension code (tools, chat models) polls it, waits on it, or
 * registers a callback, but cannot cancel. The write side is {@link Cancellation}.
 *
 * <h2>Threading</h2>
 * All methods are thread-safe and may be called from any thread. Callbacks run on the thread that
 * cancels (or at once on the registering thread when already cancelled), so they must be quick
 * and must not block.
 *
 * <pre>{@code
 * while (moreWork()) {
 *     if (context.cancellation().isCancelled()) return ToolResult.failure("cancelled", "stopped");
 *     step();
 * }
 * }</pre>
 */
public interface CancellationSignal {

    /** Whether cancellation was requested. Once true, stays true. */
    boolean isCancelled();

    /** Why it was cancelled; empty while not cancelled. Never null. */
    java.util.Optional<String> reason();

    /**
     * Blocks until cancelled or until {@code timeout} passed, whichever comes first.
     *
     * @return {@code true} when cancelled
     * @throws InterruptedException when the waiting thread is interrupted
     */
    boolean await(Duration timeout) throws InterruptedException;

    /**
     * Runs {@code callback} once on cancellation (at once if already cancelled). Returns a handle
     * that removes the callback; call it when the guarded work ends so callbacks do not pile up.
     */
    Registration onCancel(Runnable callback);

    /** Removes a callback registered with {@link #onCancel}. Idempotent. */
    @FunctionalInterface
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** A signal that is never cancelled. */
    static CancellationSignal never() {
        return Cancellation.NEVER;
    }
}
