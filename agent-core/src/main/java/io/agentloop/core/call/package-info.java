/**
 * The reasoning phase: one model call as the inner state machine
 * ({@link io.agentloop.api.run.CallState}) makes and retries it. {@link io.agentloop.core.call.ModelCall}
 * streams the answer, assembled from its events by a {@code StreamAssembler}, and retries what the
 * {@link io.agentloop.core.call.RetryPolicy}'s classifier calls retryable, with backoff; the built-in
 * {@code standard} classifier is registered through the module's {@code provides}. The loop's
 * effects call it, in this process or in a durable engine's worker (the Temporal module).
 */
package io.agentloop.core.call;
