package io.agentloop.providers.openai;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireJson;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Decodes a Chat Completions SSE stream: content and reasoning deltas, tool calls by index (the
 * first chunk of a call carries its id and name), the usage chunk that follows the finish reason,
 * then {@code [DONE]}. An {@code error} event or an {@code error} object inside a 200 stream is
 * an error. The response is complete once a finish reason arrived and the stream ended
 * ({@code [DONE]} or the end of the body).
 */
final class OpenAiChatDecoder implements StreamDecoder<SseEvent> {
    private final HttpErrorMapper errors;
    private final Set<Integer> startedCalls = new HashSet<>();
    private StopReason stopReason;
    private Usage usage = Usage.ZERO;
    private boolean finished;

    OpenAiChatDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(SseEvent event, Consumer<StreamEvent> out) {
        if (finished) {
            return;
        }
        if ("error".equals(event.event())) {
            throw errors.fromStream(event.data());
        }
        String data = event.data();
        if (data.equals("[DONE]")) {
            finish(out);
            return;
        }
        JsonNode chunk = WireJson.MAPPER.readTree(data);
        if (chunk.has("error")) {
            throw errors.fromStream(data);
        }
        for (JsonNode choice : chunk.path("choices")) {
            if (choice.path("index").asInt(0) != 0) {
                continue;
            }
            JsonNode delta = choice.path("delta");
            String reasoning = OpenAiChatFormatter.reasoningOf(delta);
            if (reasoning != null && !reasoning.isEmpty()) {
                out.accept(new StreamEvent.ReasoningDelta(reasoning));
            }
            JsonNode content = delta.path("content");
            if (content.isString() && !content.asString().isEmpty()) {
                out.accept(new StreamEvent.TextDelta(content.asString()));
            }
            for (JsonNode call : delta.path("tool_calls")) {
                toolCall(call, out);
            }
            JsonNode finish = choice.path("finish_reason");
            if (finish.isString()) {
                stopReason = OpenAiChatFormatter.stopReason(finish.asString());
            }
        }
        if (chunk.path("usage").isObject()) {
            usage = OpenAiChatFormatter.usage(chunk.path("usage"));
        }
    }

    private void toolCall(JsonNode call, Consumer<StreamEvent> out) {
        int index = call.path("index").asInt(0);
        JsonNode function = call.path("function");
        if (startedCalls.add(index)) {
            // Some compatible servers leave the id out; the conversation still needs one.
            String id = call.path("id").asString("");
            out.accept(new StreamEvent.ToolCallStart(index, id.isBlank() ? "call_" + index : id,
                    function.path("name").asString("")));
        }
        JsonNode arguments = function.path("arguments");
        if (arguments.isString() && !arguments.asString().isEmpty()) {
            out.accept(new StreamEvent.ToolCallArgumentsDelta(index, arguments.asString()));
        }
    }

    @Override
    public void end(Consumer<StreamEvent> out) {
        finish(out);
    }

    private void finish(Consumer<StreamEvent> out) {
        if (finished || stopReason == null) {
            return;
        }
        finished = true;
        if (!usage.equals(Usage.ZERO)) {
            out.accept(new StreamEvent.UsageReport(usage));
        }
        out.accept(new StreamEvent.Finish(stopReason));
    }
}
