package io.agentloop.plugins.llamacpp;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.model.ToolChoice;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns the pieces a model generates into stream events. Text streams as it comes, one delta per
 * piece; a line that starts with an opening brace starts a tool call (the grammar's JSON object),
 * which is collected and reported whole when the output ends, since only then is it known to be
 * complete. Without a grammar everything is text.
 */
final class OutputDecoder {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final boolean grammar;
    private final ToolChoice choice;
    private final Consumer<StreamEvent> sink;
    private final StringBuilder indent = new StringBuilder();
    private final StringBuilder call = new StringBuilder();
    private boolean lineStart = true;
    private boolean anyText;
    private boolean inCall;

    OutputDecoder(boolean grammar, ToolChoice choice, Consumer<StreamEvent> sink) {
        this.grammar = grammar;
        this.choice = choice;
        this.sink = sink;
    }

    void accept(String piece) {
        if (!grammar) {
            text(piece);
            return;
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < piece.length() && !inCall) {
            char c = piece.charAt(i);
            if (!lineStart) {
                int newline = piece.indexOf('\n', i);
                int end = newline < 0 ? piece.length() : newline + 1;
                out.append(piece, i, end);
                lineStart = newline >= 0;
                i = end;
            } else if (c == '{') {
                inCall = true;
                indent.setLength(0);
            } else if (c != '\n' && Character.isWhitespace(c)) {
                indent.append(c);
                i++;
            } else {
                boolean leading = !anyText && out.isEmpty();
                if (!leading) {
                    out.append(indent);
                }
                indent.setLength(0);
                if (leading && c == '\n') {
                    i++; // blank lines before the first text are dropped
                    continue;
                }
                out.append(c);
                lineStart = c == '\n';
                i++;
            }
        }
        if (inCall) {
            call.append(piece, i, piece.length());
        }
        text(out.toString());
    }

    /**
     * Reports the call, if the output ended in one, and says why the model stopped.
     *
     * @param cutOff  whether the output stopped at the token limit
     * @param sampled whether the output was sampled at random (temperature above 0, no fixed seed), so
     *                that generating again may give a call that fits
     * @throws RetryableModelException    when a sampled call was cut off
     * @throws NonRetryableModelException when a call was cut off that would be cut off again, or when
     *                                    a call was required and the output is none
     */
    StopReason finish(boolean cutOff, boolean sampled, String callId) {
        if (!grammar || (!inCall && choice != ToolChoice.REQUIRED)) {
            return cutOff ? StopReason.MAX_TOKENS : StopReason.END_TURN;
        }
        String output = call.toString().strip();
        JsonNode parsed = parse(output);
        if (parsed != null && parsed.path("name").isString() && parsed.path("arguments").isObject()) {
            sink.accept(new StreamEvent.ToolCallStart(0, callId, parsed.get("name").stringValue()));
            sink.accept(new StreamEvent.ToolCallArgumentsDelta(0, JSON.writeValueAsString(parsed.get("arguments"))));
            return StopReason.TOOL_CALLS;
        }
        if (cutOff && sampled) {
            throw new RetryableModelException("llamacpp: the tool call was cut off at the token limit (the model "
                    + "kept writing); trying again may fit, else raise max-tokens");
        }
        if (cutOff) {
            throw new NonRetryableModelException("llamacpp: the tool call was cut off at the token limit; raise "
                    + "max-tokens (the call so far: " + shorten(output) + ")");
        }
        if (choice == ToolChoice.AUTO) {
            text(output); // an answer line that happens to start with a brace
            return StopReason.END_TURN;
        }
        throw new NonRetryableModelException("llamacpp: a tool call was required and the model's output is none: "
                + shorten(output));
    }

    private static JsonNode parse(String output) {
        try {
            return output.isEmpty() ? null : JSON.readTree(output);
        } catch (JacksonException e) {
            return null;
        }
    }

    private void text(String piece) {
        if (!piece.isEmpty()) {
            anyText = true;
            sink.accept(new StreamEvent.TextDelta(piece));
        }
    }

    private static String shorten(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
