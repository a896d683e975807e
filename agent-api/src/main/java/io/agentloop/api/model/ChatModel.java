package io.agentloop.api.model;

import io.agentloop.api.CancellationSignal;
import java.util.Optional;

/**
 * A model that answers a conversation, streaming. Created by a {@link ModelProvider}.
 *
 * <p>The platform calls {@link #stream} once per attempt (retries open a new stream, with the same
 * {@link CallAttempt} key) and reads the returned {@link ModelStream} to its
 * {@link StreamEvent.Finish}. Retry, hooks and event publishing are the platform's job, not the
 * model's.
 *
 * <h2>Threading</h2>
 * Implementations must be thread-safe: one instance serves concurrent runs. {@code stream} is
 * called on the run's thread and may block until the response starts.
 *
 * <h2>Failures</h2>
 * Throw a {@link RetryableModelException} for transient failures (connection refused or reset,
 * timeouts, HTTP 408/409/429/5xx, "overloaded") and a {@link NonRetryableModelException} for the
 * rest, from {@code stream} or from {@link ModelStream#next()}. Messages name the provider, the
 * HTTP status and the provider's own error text.
 *
 * <pre>{@code
 * try (ModelStream stream = model.stream(ChatRequest.of(messages, tools), CancellationSignal.never())) {
 *     StreamEvent event;
 *     do {
 *         event = stream.next();
 *         if (event instanceof StreamEvent.TextDelta delta) System.out.print(delta.text());
 *     } while (!(event instanceof StreamEvent.Finish));
 * }
 * }</pre>
 */
public interface ChatModel {

    /** The model's name as the provider knows it (for example {@code gpt-4.1-mini}). Never null. */
    String name();

    /**
     * The id of the provider serving this model ({@code openai}, {@code anthropic}), for telemetry
     * and logs that name where a call went. Empty when the model does not say.
     */
    default Optional<String> provider() {
        return Optional.empty();
    }

    /**
     * Starts a streaming call. Returns once the provider accepted the request; the events are
     * then pulled with {@link ModelStream#next()}.
     *
     * @param cancellation fires when the run is cancelled or times out; the implementation cancels
     *                     its call at once, also while still waiting for the response to start
     * @throws ModelException when the call cannot be started
     */
    ModelStream stream(ChatRequest request, CancellationSignal cancellation);

    /**
     * Starts one attempt of a call. The platform calls this form, with the same
     * {@link CallAttempt#idempotencyKey()} for every retry of a call; a model whose API accepts an
     * idempotency key sends it. The default ignores the attempt.
     *
     * @throws ModelException when the call cannot be started
     */
    default ModelStream stream(ChatRequest request, CancellationSignal cancellation, CallAttempt attempt) {
        return stream(request, cancellation);
    }
}
