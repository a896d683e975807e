package io.agentloop.api.model;

/**
 * Decides whether a failed model call is tried again (the loop then waits with backoff and tries
 * up to {@code maxRetries} times). The built-in {@code standard} retries what the provider marked
 * {@link RetryableModelException} (rate limits, overload, server errors, timeouts, a cut-off
 * stream) and nothing else. Another can come from a plugin: a gateway that answers 400 when a
 * backend is briefly down, say. The launcher chooses one with {@code run.retry-classifier}; in
 * code, {@code Agent.Builder.retryClassifier}. Implementations must be thread-safe.
 */
public interface RetryClassifier {

    /** The name configuration chooses it by. */
    String name();

    /** Whether the call that failed with {@code failure} should be tried again. */
    boolean isRetryable(ModelException failure);
}
