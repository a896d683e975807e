package io.agentloop.providers.http;

import java.io.OutputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** The JSON mapper every provider shares (thread-safe once built), and what writing requests needs. */
public final class WireJson {
    public static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private WireJson() {
    }

    /** A generator writing UTF-8 JSON into {@code out}, able to write maps and schemas as values. */
    public static JsonGenerator generator(OutputStream out) {
        return MAPPER.createGenerator(out);
    }

    /**
     * Writes tool-call arguments as the JSON object formats with object arguments need, as the model
     * wrote them; arguments that are not an object (the model wrote bad JSON, and got an error result
     * for it) are sent as {@code {}}.
     */
    public static void writeObjectOrEmpty(JsonGenerator out, String arguments) {
        if (isObject(arguments)) {
            out.writeRawValue(arguments);
        } else {
            out.writeStartObject();
            out.writeEndObject();
        }
    }

    /** Whether the text is one well-formed JSON object and nothing more. */
    static boolean isObject(String json) {
        if (json.isBlank()) {
            return false;
        }
        try (JsonParser parser = MAPPER.tokenStreamFactory().createParser(
                tools.jackson.core.ObjectReadContext.empty(), json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            parser.skipChildren();
            return parser.nextToken() == null;
        } catch (JacksonException e) {
            return false;
        }
    }
}
