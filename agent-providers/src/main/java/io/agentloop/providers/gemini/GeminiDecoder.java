package io.agentloop.providers.gemini;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireJson;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Decodes {@code streamGenerateContent?alt=sse}: every event is a partial response whose parts
 * are text, thought text, or whole function calls. The stream has no end marker: it is complete
 * when a finish reason arrived and the body ended.
 */
final class GeminiDecoder implements StreamDecoder<SseEvent> {
    private final HttpErrorMapper errors;
    private int calls;
    private String finishReason;
    private Usage usage = Usage.ZERO;

    GeminiDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(SseEvent event, Consumer<StreamEvent> out) {
        JsonNode chunk = WireJson.MAPPER.readTree(event.data());
        if (chunk.has("error")) {
            throw errors.fromStream(event.data());
        }
        JsonNode candidate = chunk.path("candidates").path(0);
        for (JsonNode part : candidate.path("content").path("parts")) {
            if (part.has("functionCall")) {
                int index = calls++;
                ToolCall call = GeminiFormatter.toolCall(chunk, part, index);
                out.accept(new StreamEvent.ToolCallStart(index, call.id(), call.name(), call.signature()));
                out.accept(new StreamEvent.ToolCallArgumentsDelta(index, call.arguments()));
            } else if (part.path("text").isString() && !part.path("text").asString().isEmpty()) {
                String text = part.path("text").asString();
                out.accept(part.path("thought").asBoolean(false) ? new StreamEvent.ReasoningDelta(text)
                        : new StreamEvent.TextDelta(text));
            }
        }
        if (candidate.path("finishReason").isString()) {
            finishReason = candidate.path("finishReason").asString();
        }
        if (chunk.path("usageMetadata").isObject()) {
            usage = GeminiFormatter.usage(chunk.path("usageMetadata"));
        }
    }

    @Override
    public void end(Consumer<StreamEvent> out) {
        if (finishReason == null) {
            return;
        }
        StopReason stop = GeminiFormatter.stopReason(finishReason, calls > 0);
        finishReason = null;
        out.accept(new StreamEvent.UsageReport(usage));
        out.accept(new StreamEvent.Finish(stop));
    }
}
