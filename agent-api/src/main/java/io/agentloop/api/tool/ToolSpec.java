package io.agentloop.api.tool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What the model is told about a tool: its name, what it does, and the JSON Schema of its
 * arguments as plain data ({@code Map}/{@code List}/{@code String}/{@code Number}/{@code Boolean}
 * values), usually {@code {"type":"object","properties":{...},"required":[...]}}.
 *
 * @param name        letters, digits, {@code _} and {@code -}, at most 64 characters (what every
 *                    provider accepts)
 * @param description what the tool does and when to use it, written for the model
 * @param parameters  the JSON Schema of the arguments object
 */
public record ToolSpec(String name, String description, Map<String, Object> parameters) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    public ToolSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        parameters = immutableCopy(parameters);
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("tool name '" + name
                    + "' must be 1 to 64 letters, digits, '_' or '-' (what model providers accept)");
        }
    }

    /**
     * A deep, unmodifiable copy that keeps insertion order, so a schema serialises the same way in
     * every process (providers' prompt caches compare the bytes).
     */
    @SuppressWarnings("unchecked")
    private static <T> T immutableCopy(T value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(String.valueOf(k), immutableCopy(Objects.requireNonNull(v,
                    () -> "schema value of '" + k + "' is null"))));
            return (T) Collections.unmodifiableMap(copy);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(immutableCopy(v)));
            return (T) Collections.unmodifiableList(copy);
        }
        return value;
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Builds an object schema one parameter at a time. */
    public static final class Builder {
        private final String name;
        private String description = "";
        private final Map<String, Object> properties = new LinkedHashMap<>();
        private final List<String> required = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        public Builder description(String text) {
            this.description = text;
            return this;
        }

        public Builder stringParameter(String parameter, String text, boolean isRequired) {
            return parameter(parameter, Map.of("type", "string", "description", text), isRequired);
        }

        public Builder integerParameter(String parameter, String text, boolean isRequired) {
            return parameter(parameter, Map.of("type", "integer", "description", text), isRequired);
        }

        public Builder booleanParameter(String parameter, String text, boolean isRequired) {
            return parameter(parameter, Map.of("type", "boolean", "description", text), isRequired);
        }

        /** A parameter with any JSON Schema (enums, arrays, nested objects). */
        public Builder parameter(String parameter, Map<String, Object> schema, boolean isRequired) {
            properties.put(parameter, schema);
            if (isRequired) {
                required.add(parameter);
            }
            return this;
        }

        public ToolSpec build() {
            Map<String, Object> schema = new LinkedHashMap<>();
            schema.put("type", "object");
            schema.put("properties", properties);
            schema.put("required", required);
            schema.put("additionalProperties", false);
            return new ToolSpec(name, description, schema);
        }
    }
}
