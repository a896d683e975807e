package io.agentloop.providers.http;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** The JSON mapper every provider shares (thread-safe once built). */
public final class WireJson {
    public static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private WireJson() {
    }

    /**
     * Tool-call arguments as the JSON object formats with object arguments need; arguments that are
     * not an object (the model wrote bad JSON, and got an error result for it) are sent as {@code {}}.
     */
    public static JsonNode objectOrEmpty(String arguments) {
        try {
            JsonNode parsed = arguments.isBlank() ? null : MAPPER.readTree(arguments);
            return parsed != null && parsed.isObject() ? parsed : MAPPER.createObjectNode();
        } catch (JacksonException e) {
            return MAPPER.createObjectNode();
        }
    }
}
