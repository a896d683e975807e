package io.agentloop.providers.http;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;
import tools.jackson.databind.JsonNode;

/**
 * One HTTP API's JSON: turns a request into the body the API takes and a whole (non-streamed)
 * response body back into an assistant message. Pure: no I/O. Streamed bodies are read by the
 * wire format's {@link StreamDecoder}.
 */
public interface JsonFormatter {

    /** The API's name, for messages ({@code openai-chat}, {@code anthropic}). */
    String id();

    JsonNode format(ChatRequest request);

    AssistantMessage parse(JsonNode response);
}
