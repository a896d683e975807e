package io.agentloop.providers.ollama;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.openai.OpenAiChatFormatter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * One object of Ollama's {@code /api/chat} answer, a whole response or one line of a stream, read
 * from its tokens. A stream's decoder reads every line into the same instance. Fields are kept
 * until the object ends, whatever order they come in.
 */
final class OllamaChunk {
    private final JsonRead.Property field = this::field;
    private final JsonRead.Property messageField = this::messageField;
    private int firstCall;
    private boolean error;
    private String thinking;
    private String content;
    private List<ToolCall> toolCalls;
    private boolean done;
    private String doneReason;
    private long promptTokens;
    private long outputTokens;

    /**
     * Reads the object, replacing what was read before.
     *
     * @param firstCall the index of the object's first tool call in the response: calls without an
     *                  id are named after it
     * @throws tools.jackson.core.JacksonException when the JSON is malformed or not an object
     */
    void read(JsonParser in, int firstCall) {
        this.firstCall = firstCall;
        error = false;
        thinking = "";
        content = "";
        toolCalls = List.of();
        done = false;
        doneReason = "";
        promptTokens = 0;
        outputTokens = 0;
        JsonRead.document(in, field);
    }

    private void field(String name, JsonParser value) {
        switch (name) {
            case "error" -> error = true;
            case "message" -> JsonRead.object(value, messageField);
            case "done" -> done = value.currentToken() == JsonToken.VALUE_TRUE;
            case "done_reason" -> doneReason = JsonRead.string(value, "");
            case "prompt_eval_count" -> promptTokens = JsonRead.number(value);
            case "eval_count" -> outputTokens = JsonRead.number(value);
            default -> {
            }
        }
    }

    private void messageField(String name, JsonParser value) {
        switch (name) {
            case "thinking" -> thinking = JsonRead.string(value, "");
            case "content" -> content = JsonRead.string(value, "");
            case "tool_calls" -> JsonRead.array(value, call -> {
                if (toolCalls.isEmpty()) {
                    toolCalls = new ArrayList<>(2);
                }
                // Arguments are an object on this API; a string is taken as it is.
                toolCalls.add(OpenAiChatFormatter.toolCall(call, firstCall + toolCalls.size()));
            });
            default -> {
            }
        }
    }

    /** Whether the object has an {@code error} property: the server reports a failure. */
    boolean error() {
        return error;
    }

    /** The message's thinking, empty when none. */
    String thinking() {
        return thinking;
    }

    /** The message's text, empty when none. */
    String content() {
        return content;
    }

    /** The message's tool calls, whole (Ollama never splits one across lines). */
    List<ToolCall> toolCalls() {
        return toolCalls;
    }

    /** Whether this object ends the response. */
    boolean done() {
        return done;
    }

    String doneReason() {
        return doneReason;
    }

    /** The counts of the final object (zero on others). */
    Usage usage() {
        return Usage.of(promptTokens, outputTokens);
    }
}
