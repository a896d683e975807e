package io.agentloop.providers.http;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * One HTTP API's JSON: writes a request as the body the API takes, straight into the request's
 * bytes, and reads a whole (non-streamed) response back into an assistant message from its tokens.
 * Pure: no I/O beyond the generator and parser given. Streamed bodies are read by the wire format's
 * {@link StreamDecoder}.
 */
public interface JsonFormatter {

    /** The API's name, for messages ({@code openai-chat}, {@code anthropic}). */
    String id();

    /**
     * Writes the request body, one JSON object. The generator comes from {@link WireJson#MAPPER}, so
     * {@link JsonGenerator#writePOJO} writes maps and schemas.
     */
    void write(ChatRequest request, JsonGenerator out);

    /**
     * Reads a whole response.
     *
     * @param in a parser positioned before the response's first token (see {@link JsonRead})
     * @throws tools.jackson.core.JacksonException when the response is not the JSON the format expects
     */
    AssistantMessage read(JsonParser in);
}
