package io.agentloop.api.format;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;

/**
 * Turns the platform's requests into a wire format's request body and the wire format's response
 * back into an assistant message. A chat model over HTTP has one; a model without native tool
 * calling uses a text formatter that writes the tools into the prompt and reads calls back from
 * the text.
 *
 * @param <W> the wire representation (a JSON tree, a prompt string...)
 */
public interface Formatter<W> {

    /** The wire format's id ({@code openai-chat}, {@code anthropic}, {@code text}). */
    String id();

    /** Encodes a request. Pure: no I/O. */
    W format(ChatRequest request);

    /** Decodes a complete (non-streaming) response. */
    AssistantMessage parse(W response);
}
