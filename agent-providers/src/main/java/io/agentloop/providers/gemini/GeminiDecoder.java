package io.agentloop.providers.gemini;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.EventParser;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import java.util.function.Consumer;
import tools.jackson.core.JsonParser;

/**
 * Decodes {@code streamGenerateContent?alt=sse}: every event is a partial response whose parts
 * are text, thought text, or whole function calls. The stream has no end marker: it is complete
 * when a finish reason arrived and the body ended.
 */
final class GeminiDecoder implements StreamDecoder<SseEvent> {
    private final EventParser chunks = new EventParser();
    private final HttpErrorMapper errors;
    /** Reused for every chunk. */
    private final GeminiResponse chunk = new GeminiResponse();
    private final Consumer<JsonParser> readChunk = chunk::read;
    private int calls;
    private String finishReason;
    private Usage usage = Usage.ZERO;

    GeminiDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(SseEvent event, Consumer<StreamEvent> out) {
        chunks.read(event.bytes(), readChunk);
        if (chunk.error) {
            throw errors.fromStream(event.data());
        }
        for (GeminiResponse.Part part : chunk.parts) {
            if (part.call()) {
                int index = calls++;
                ToolCall call = GeminiFormatter.toolCall(chunk, part, index);
                out.accept(new StreamEvent.ToolCallStart(index, call.id(), call.name(), call.signature()));
                out.accept(new StreamEvent.ToolCallArgumentsDelta(index, call.arguments()));
            } else if (part.text() != null && !part.text().isEmpty()) {
                out.accept(part.thought() ? new StreamEvent.ReasoningDelta(part.text())
                        : new StreamEvent.TextDelta(part.text()));
            }
        }
        if (chunk.finishReason != null) {
            finishReason = chunk.finishReason;
        }
        if (chunk.usage != null) {
            usage = chunk.usage;
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

    @Override
    public void close() {
        chunks.close();
    }
}
