package io.agentloop.providers.gemini;

import io.agentloop.api.message.Usage;
import io.agentloop.providers.http.JsonRead;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * What one {@code generateContent} response, or one chunk of a stream, says, read from its tokens:
 * the first candidate's parts, its finish reason, the usage and the response id. The parts are
 * kept until the whole document is read, since the response id that names id-less calls comes
 * after them. Reusable: each {@link #read} starts afresh.
 */
final class GeminiResponse {
    /** One part as read; {@code call} when it is a function call, whose fields are then set. */
    record Part(String text, boolean thought, boolean call, String callId, String name, String arguments,
            String signature) {
    }

    private final JsonRead.Property responseProperty = this::responseProperty;
    private final JsonRead.Property candidateProperty = this::candidateProperty;
    private final JsonRead.Property contentProperty = this::contentProperty;
    private final JsonRead.Property partProperty = this::partProperty;
    private final JsonRead.Property callProperty = this::callProperty;
    private final JsonRead.Property usageProperty = this::usageProperty;

    final List<Part> parts = new ArrayList<>();
    /** Null when the response has none. */
    String finishReason;
    /** Null when the response has none. */
    Usage usage;
    boolean error;
    private String responseId;
    private int candidates;
    // The part being read.
    private String text;
    private boolean thought;
    private boolean call;
    private String callId;
    private String name;
    private String arguments;
    private String signature;
    // The usage being read: prompt, candidates, cached, thoughts.
    private final long[] counts = new long[4];

    /** Reads the document the parser is before. */
    void read(JsonParser parser) {
        parts.clear();
        finishReason = null;
        usage = null;
        error = false;
        responseId = null;
        candidates = 0;
        JsonRead.document(parser, responseProperty);
    }

    /**
     * The id of the call that is the {@code index}th of the response: its own, else one made of the
     * response id (Gemini gives calls no ids).
     */
    String callId(Part part, int index) {
        if (part.callId != null && !part.callId.isEmpty()) {
            return part.callId;
        }
        return (responseId == null || responseId.isEmpty() ? "call" : responseId) + "_" + index;
    }

    static Optional<String> signature(Part part) {
        return part.signature == null || part.signature.isEmpty() ? Optional.empty() : Optional.of(part.signature);
    }

    private void responseProperty(String property, JsonParser value) {
        switch (property) {
            case "candidates" -> JsonRead.array(value, candidate -> {
                if (candidates++ == 0) {
                    JsonRead.object(candidate, candidateProperty);
                }
            });
            case "usageMetadata" -> {
                if (value.currentToken() == JsonToken.START_OBJECT) {
                    counts[0] = counts[1] = counts[2] = counts[3] = 0;
                    JsonRead.object(value, usageProperty);
                    long thoughts = counts[3];
                    usage = new Usage(counts[0], counts[1] + thoughts, counts[2], thoughts);
                }
            }
            case "responseId" -> responseId = JsonRead.string(value);
            case "error" -> error = true;
            default -> {
            }
        }
    }

    private void candidateProperty(String property, JsonParser value) {
        switch (property) {
            case "content" -> JsonRead.object(value, contentProperty);
            case "finishReason" -> finishReason = JsonRead.string(value);
            default -> {
            }
        }
    }

    private void contentProperty(String property, JsonParser value) {
        if (property.equals("parts")) {
            JsonRead.array(value, part -> {
                text = callId = name = arguments = signature = null;
                thought = call = false;
                JsonRead.object(part, partProperty);
                parts.add(new Part(text, thought, call, callId, name, arguments, signature));
            });
        }
    }

    private void partProperty(String property, JsonParser value) {
        switch (property) {
            case "text" -> text = JsonRead.string(value);
            case "thought" -> thought = value.currentToken() == JsonToken.VALUE_TRUE;
            case "thoughtSignature" -> signature = JsonRead.string(value);
            case "functionCall" -> {
                call = true;
                JsonRead.object(value, callProperty);
            }
            default -> {
            }
        }
    }

    private void callProperty(String property, JsonParser value) {
        switch (property) {
            case "id" -> callId = JsonRead.string(value);
            case "name" -> name = JsonRead.string(value);
            case "args" -> arguments = value.currentToken() == JsonToken.START_OBJECT ? JsonRead.text(value) : null;
            default -> {
            }
        }
    }

    private void usageProperty(String property, JsonParser value) {
        switch (property) {
            case "promptTokenCount" -> counts[0] = JsonRead.number(value);
            case "candidatesTokenCount" -> counts[1] = JsonRead.number(value);
            case "cachedContentTokenCount" -> counts[2] = JsonRead.number(value);
            case "thoughtsTokenCount" -> counts[3] = JsonRead.number(value);
            default -> {
            }
        }
    }
}
