package io.agentloop.providers.ollama;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.EventParser;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.StreamDecoder;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import tools.jackson.core.JsonParser;

/**
 * Decodes Ollama's NDJSON stream: each line carries a piece of content or thinking, or whole tool
 * calls; the line with {@code done: true} ends the response with its counts. A line with an
 * {@code error} is an error. Each line is read from its bytes into one reused {@link OllamaChunk}.
 */
final class OllamaDecoder implements StreamDecoder<byte[]> {
    private final EventParser lines = new EventParser();
    private final HttpErrorMapper errors;
    private final OllamaChunk chunk = new OllamaChunk();
    private final Consumer<JsonParser> readLine = parser -> chunk.read(parser, this.calls);
    private int calls;

    OllamaDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(byte[] line, Consumer<StreamEvent> out) {
        lines.read(line, readLine);
        if (chunk.error()) {
            throw errors.fromStream(new String(line, StandardCharsets.UTF_8));
        }
        if (!chunk.thinking().isEmpty()) {
            out.accept(new StreamEvent.ReasoningDelta(chunk.thinking()));
        }
        if (!chunk.content().isEmpty()) {
            out.accept(new StreamEvent.TextDelta(chunk.content()));
        }
        for (ToolCall call : chunk.toolCalls()) {
            int index = calls++;
            out.accept(new StreamEvent.ToolCallStart(index, call.id(), call.name()));
            out.accept(new StreamEvent.ToolCallArgumentsDelta(index, call.arguments()));
        }
        if (chunk.done()) {
            out.accept(new StreamEvent.UsageReport(chunk.usage()));
            out.accept(new StreamEvent.Finish(OllamaFormatter.stopReason(chunk.doneReason(), calls > 0)));
        }
    }

    @Override
    public void close() {
        lines.close();
    }
}
