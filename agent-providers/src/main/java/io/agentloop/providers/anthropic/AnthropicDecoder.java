package io.agentloop.providers.anthropic;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.EventParser;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import java.util.Arrays;
import java.util.function.Consumer;
import tools.jackson.core.JsonParser;

/**
 * Decodes an Anthropic Messages SSE stream: blocks open with {@code content_block_start} and
 * grow with deltas (text, thinking, signature, tool input JSON); {@code message_delta} brings the
 * stop reason and the final usage; {@code message_stop} completes the response. An {@code error}
 * event is an error (overloaded ones retryable). Server-side tool blocks are skipped.
 *
 * <p>Each event is read into the fields below (its block or delta, whichever it carries), then
 * acted on, so its properties may come in any order.
 */
final class AnthropicDecoder implements StreamDecoder<SseEvent> {
    private final EventParser events = new EventParser();
    private final HttpErrorMapper errors;
    private final AnthropicUsage usage = new AnthropicUsage();
    private final JsonRead.Property eventProperty = this::eventProperty;
    private final Consumer<JsonParser> readEvent = parser -> JsonRead.document(parser, eventProperty);
    private final JsonRead.Property partProperty = this::partProperty;
    private final JsonRead.Property messageProperty = this::messageProperty;
    /** Block index to tool-call index + 1 (0: not a client tool_use block). */
    private int[] callOfBlock = new int[8];
    private int calls;
    private StopReason stopReason = StopReason.OTHER;
    /** The block of a structured answer (the respond tool's input), collected whole. */
    private int answerBlock = -1;
    private final StringBuilder answer = new StringBuilder();

    // The event being read.
    private String type;
    private int index;
    /** The {@code content_block} or {@code delta}'s type. */
    private String partType;
    /** Text, thinking, signature, redacted data or partial JSON: the one a part of its type carries. */
    private String text;
    private String thinking;
    private String signature;
    private String data;
    private String partialJson;
    private String id;
    private String name;
    private String partStopReason;

    AnthropicDecoder(HttpErrorMapper errors) {
        this.errors = errors;
    }

    @Override
    public void accept(SseEvent event, Consumer<StreamEvent> out) {
        type = null;
        index = 0;
        partType = null;
        text = thinking = signature = data = partialJson = id = name = partStopReason = null;
        if (event.bytes().length > 0) { // an event without data is named by its type alone
            events.read(event.bytes(), readEvent);
        }
        switch (type == null ? event.event() : type) {
            case "message_start", "ping" -> {
                // message_start's usage is taken while reading
            }
            case "content_block_start" -> start(out);
            case "content_block_delta" -> delta(out);
            case "content_block_stop" -> {
                if (index == answerBlock) {
                    out.accept(new StreamEvent.TextDelta(AnthropicFormatter.answer(
                            answer.isEmpty() ? "{}" : answer.toString())));
                }
            }
            case "message_delta" -> {
                if (partStopReason != null) {
                    stopReason = AnthropicFormatter.stopReason(partStopReason);
                    if (stopReason == StopReason.TOOL_CALLS && calls == 0) {
                        stopReason = StopReason.END_TURN; // only the structured answer was "called"
                    }
                }
            }
            case "message_stop" -> {
                out.accept(new StreamEvent.UsageReport(usage.usage()));
                out.accept(new StreamEvent.Finish(stopReason));
            }
            case "error" -> throw errors.fromStream(event.data());
            default -> {
                // event types added later carry nothing we need
            }
        }
    }

    private void eventProperty(String property, JsonParser value) {
        switch (property) {
            case "type" -> type = JsonRead.string(value);
            case "index" -> index = (int) JsonRead.number(value);
            case "message" -> JsonRead.object(value, messageProperty);
            case "content_block", "delta" -> JsonRead.object(value, partProperty);
            // message_delta's figures are cumulative: they replace message_start's
            case "usage" -> usage.read(value);
            default -> {
            }
        }
    }

    private void messageProperty(String property, JsonParser value) {
        if (property.equals("usage")) {
            usage.read(value);
        }
    }

    private void partProperty(String property, JsonParser value) {
        switch (property) {
            case "type" -> partType = JsonRead.string(value);
            case "text" -> text = JsonRead.string(value);
            case "thinking" -> thinking = JsonRead.string(value);
            case "signature" -> signature = JsonRead.string(value);
            case "data" -> data = JsonRead.string(value);
            case "partial_json" -> partialJson = JsonRead.string(value);
            case "id" -> id = JsonRead.string(value);
            case "name" -> name = JsonRead.string(value);
            case "stop_reason" -> partStopReason = JsonRead.string(value);
            default -> {
            }
        }
    }

    private void start(Consumer<StreamEvent> out) {
        switch (orEmpty(partType)) {
            case "text" -> {
                if (text != null && !text.isEmpty()) {
                    out.accept(new StreamEvent.TextDelta(text));
                }
            }
            case "thinking" -> out.accept(new StreamEvent.ReasoningDelta(orEmpty(thinking)));
            case "redacted_thinking" -> out.accept(new StreamEvent.RedactedReasoning(orEmpty(data)));
            case "tool_use" -> {
                if (AnthropicFormatter.RESPOND.equals(name)) {
                    answerBlock = index;
                    return;
                }
                int call = calls++;
                if (index >= callOfBlock.length) {
                    callOfBlock = Arrays.copyOf(callOfBlock, Math.max(index + 1, 2 * callOfBlock.length));
                }
                callOfBlock[index] = call + 1;
                out.accept(new StreamEvent.ToolCallStart(call, orEmpty(id), orEmpty(name)));
            }
            default -> {
                // server_tool_use, web search results...: run on Anthropic's side
            }
        }
    }

    private void delta(Consumer<StreamEvent> out) {
        switch (orEmpty(partType)) {
            case "text_delta" -> out.accept(new StreamEvent.TextDelta(orEmpty(text)));
            case "thinking_delta" -> {
                if (thinking != null && !thinking.isEmpty()) {
                    out.accept(new StreamEvent.ReasoningDelta(thinking));
                }
            }
            case "signature_delta" -> out.accept(new StreamEvent.ReasoningSignature(orEmpty(signature)));
            case "input_json_delta" -> {
                if (index == answerBlock) {
                    answer.append(orEmpty(partialJson));
                    return;
                }
                int call = index >= 0 && index < callOfBlock.length ? callOfBlock[index] - 1 : -1;
                if (call >= 0 && partialJson != null && !partialJson.isEmpty()) {
                    out.accept(new StreamEvent.ToolCallArgumentsDelta(call, partialJson));
                }
            }
            default -> {
                // citations and other deltas are not represented yet
            }
        }
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    @Override
    public void close() {
        events.close();
    }
}
