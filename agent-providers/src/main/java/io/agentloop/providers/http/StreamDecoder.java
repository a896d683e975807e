package io.agentloop.providers.http;

import io.agentloop.api.model.StreamEvent;
import java.util.function.Consumer;

/**
 * Turns one wire format's stream units (SSE events, NDJSON lines) into the platform's stream
 * events. Stateful: one per response.
 *
 * @param <U> the unit: {@link SseEvent} or the bytes of an NDJSON line
 */
public interface StreamDecoder<U> {

    /**
     * Decodes one unit; emits zero or more events; emits {@link StreamEvent.Finish} when the unit
     * completes the response.
     *
     * @throws io.agentloop.api.model.ModelException for an error reported inside the stream
     */
    void accept(U unit, Consumer<StreamEvent> out);

    /**
     * The body ended. Emit {@link StreamEvent.Finish} if the format allows ending here and it was
     * not emitted yet; otherwise do nothing and the stream is reported as cut off.
     */
    default void end(Consumer<StreamEvent> out) {
    }

    /** The response is over, read whole or not: release what the decoder holds (its parser). */
    default void close() {
    }
}
