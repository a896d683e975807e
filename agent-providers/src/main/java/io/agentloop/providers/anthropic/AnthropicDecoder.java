package io.agentloop.providers.anthropic;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireJson;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Decodes an Anthropic Messages SSE stream: blocks open with {@code content_block_start} and
 * grow with deltas (text, thinking, signature, tool input JSON); {@code message_delta} brings the
 * stop reason and the final usage; {@code message_stop} completes the response. An {@code error}
 * event is an error (overloaded ones retryable). Server-side tool blocks are skipped.
 */
final class AnthropicDecoder implements StreamDecoder<SseEvent> {
    private final HttpErrorMapper errors;
    /** Block index to tool-call index, for the client tool_use blocks. */
    private final Map<Integer, Integer> toolCalls = new HashMap<>();
    private final ObjectNode usage = WireJson.MAPPER.createObjectNode();
    private StopReason stopReason = StopReason.OTHER;
    /** The block of a structured answer (the respond tool's input), collected whole. */
    private int answerBlock = -1;
    private final StringBuilder answer = new StringBuilder();

    AnthropicDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(SseEvent event, Consumer<StreamEvent> out) {
        JsonNode data = WireJson.MAPPER.readTree(event.data());
        String type = data.path("type").asString(event.event());
        switch (type) {
            case "message_start" -> merge(data.path("message").path("usage"));
            case "content_block_start" -> start(data.path("index").asInt(), data.path("content_block"), out);
            case "content_block_delta" -> delta(data.path("index").asInt(), data.path("delta"), out);
            case "content_block_stop" -> {
                if (data.path("index").asInt() == answerBlock) {
                    out.accept(new StreamEvent.TextDelta(AnthropicFormatter.answer(WireJson.MAPPER.readTree(
                            answer.isEmpty() ? "{}" : answer.toString()))));
                }
            }
            case "message_delta" -> {
                if (data.path("delta").path("stop_reason").isString()) {
                    stopReason = AnthropicFormatter.stopReason(data.path("delta").path("stop_reason").asString());
                    if (stopReason == StopReason.TOOL_CALLS && toolCalls.isEmpty()) {
                        stopReason = StopReason.END_TURN; // only the structured answer was "called"
                    }
                }
                merge(data.path("usage"));
            }
            case "message_stop" -> {
                out.accept(new StreamEvent.UsageReport(AnthropicFormatter.usage(usage)));
                out.accept(new StreamEvent.Finish(stopReason));
            }
            case "error" -> throw errors.fromStream(event.data());
            default -> {
                // ping and event types added later carry nothing we need
            }
        }
    }

    /** Usage arrives in parts; later figures (message_delta's are cumulative) replace earlier ones. */
    private void merge(JsonNode part) {
        if (part instanceof ObjectNode object) {
            usage.setAll(object);
        }
    }

    private void start(int index, JsonNode block, Consumer<StreamEvent> out) {
        switch (block.path("type").asString("")) {
            case "text" -> {
                String text = block.path("text").asString("");
                if (!text.isEmpty()) {
                    out.accept(new StreamEvent.TextDelta(text));
                }
            }
            case "thinking" -> {
                String thinking = block.path("thinking").asString("");
                out.accept(new StreamEvent.ReasoningDelta(thinking));
            }
            case "redacted_thinking" -> out.accept(new StreamEvent.RedactedReasoning(block.path("data").asString("")));
            case "tool_use" -> {
                if (block.path("name").asString().equals(AnthropicFormatter.RESPOND)) {
                    answerBlock = index;
                    return;
                }
                int call = toolCalls.size();
                toolCalls.put(index, call);
                out.accept(new StreamEvent.ToolCallStart(call, block.path("id").asString(),
                        block.path("name").asString()));
            }
            default -> {
                // server_tool_use, web search results...: run on Anthropic's side
            }
        }
    }

    private void delta(int index, JsonNode delta, Consumer<StreamEvent> out) {
        switch (delta.path("type").asString("")) {
            case "text_delta" -> out.accept(new StreamEvent.TextDelta(delta.path("text").asString("")));
            case "thinking_delta" -> {
                String thinking = delta.path("thinking").asString("");
                if (!thinking.isEmpty()) {
                    out.accept(new StreamEvent.ReasoningDelta(thinking));
                }
            }
            case "signature_delta" -> out.accept(new StreamEvent.ReasoningSignature(delta.path("signature").asString("")));
            case "input_json_delta" -> {
                if (index == answerBlock) {
                    answer.append(delta.path("partial_json").asString(""));
                    return;
                }
                Integer call = toolCalls.get(index);
                String fragment = delta.path("partial_json").asString("");
                if (call != null && !fragment.isEmpty()) {
                    out.accept(new StreamEvent.ToolCallArgumentsDelta(call, fragment));
                }
            }
            default -> {
                // citations and other deltas are not represented yet
            }
        }
    }
}
