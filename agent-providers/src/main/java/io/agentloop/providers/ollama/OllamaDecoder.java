package io.agentloop.providers.ollama;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireJson;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Decodes Ollama's NDJSON stream: each line carries a piece of content or thinking, or whole tool
 * calls; the line with {@code done: true} ends the response with its counts. A line with an
 * {@code error} is an error.
 */
final class OllamaDecoder implements StreamDecoder<byte[]> {
    private final HttpErrorMapper errors;
    private int calls;

    OllamaDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(byte[] line, Consumer<StreamEvent> out) {
        JsonNode chunk = WireJson.MAPPER.readTree(line);
        if (chunk.has("error")) {
            throw errors.fromStream(new String(line, java.nio.charset.StandardCharsets.UTF_8));
        }
        JsonNode message = chunk.path("message");
        String thinking = message.path("thinking").asString("");
        if (!thinking.isEmpty()) {
            out.accept(new StreamEvent.ReasoningDelta(thinking));
        }
        String content = message.path("content").asString("");
        if (!content.isEmpty()) {
            out.accept(new StreamEvent.TextDelta(content));
        }
        for (JsonNode call : message.path("tool_calls")) {
            int index = calls++;
            ToolCall toolCall = OllamaFormatter.toolCall(call, index);
            out.accept(new StreamEvent.ToolCallStart(index, toolCall.id(), toolCall.name()));
            out.accept(new StreamEvent.ToolCallArgumentsDelta(index, toolCall.arguments()));
        }
        if (chunk.path("done").asBoolean(false)) {
            out.accept(new StreamEvent.UsageReport(OllamaFormatter.usage(chunk)));
            out.accept(new StreamEvent.Finish(OllamaFormatter.stopReason(chunk.path("done_reason").asString(""),
                    calls > 0)));
        }
    }
}
