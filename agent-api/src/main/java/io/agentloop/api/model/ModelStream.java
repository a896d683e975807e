package io.agentloop.api.model;

/**
 * The events of one streaming model call, pulled one at a time.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #next()} blocks until the next event and never returns null. The last event of a
 *       complete response is a {@link StreamEvent.Finish}; {@code next()} is not called after it.</li>
 *   <li>A stream that ends without its final event must throw (a {@link RetryableModelException}:
 *       the response was cut off). A partial tool call is never reported as complete.</li>
 *   <li>An error that arrives inside the stream is thrown from {@code next()} as a
 *       {@link ModelException} of the right kind.</li>
 *   <li>{@link #close()} may be called from any thread at any time, also while another thread
 *       is blocked in {@code next()}: it cancels the underlying call at once (the HTTP request is
 *       cancelled) and makes a blocked {@code next()} return promptly by throwing. It is
 *       idempotent. It must not read or close what the blocked reader is inside (an HTTP
 *       response's body): a cancel comes from a signal's or a timer's thread, and two threads in
 *       one body fail; the reading thread releases it as it leaves {@code next()}.</li>
 * </ul>
 */
public interface ModelStream extends AutoCloseable {

    /**
     * The next event.
     *
     * @throws ModelException when the call failed or the stream broke
     */
    StreamEvent next();

    /** Cancels the call if still running and releases its resources. Idempotent, thread-safe. */
    @Override
    void close();
}
