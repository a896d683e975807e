package io.agentloop.api.tool;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The parsed, schema-validated arguments of a tool call: a JSON object as plain Java values
 * ({@code String}, {@code Long}/{@code Double}, {@code Boolean}, {@code List}, {@code Map}; JSON
 * null is absent).
 *
 * @param values the arguments object
 * @param json   the JSON text they were parsed from
 */
public record ToolArguments(Map<String, Object> values, String json) {
    public ToolArguments {
        values = Map.copyOf(values);
        Objects.requireNonNull(json, "json");
    }

    /** Arguments built in code (tests, tools calling tools); {@link #json()} is empty. */
    public static ToolArguments of(Map<String, Object> values) {
        return new ToolArguments(values, "");
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public Optional<String> string(String name) {
        return typed(name, String.class);
    }

    /**
     * @throws IllegalArgumentException when absent; the schema's {@code required} normally
     *         prevents this
     */
    public String requireString(String name) {
        return string(name).orElseThrow(() -> missing(name));
    }

    public Optional<Long> integer(String name) {
        return typed(name, Number.class).map(Number::longValue);
    }

    public Optional<Double> number(String name) {
        return typed(name, Number.class).map(Number::doubleValue);
    }

    public Optional<Boolean> bool(String name) {
        return typed(name, Boolean.class);
    }

    public Optional<List<?>> list(String name) {
        return typed(name, List.class).map(l -> (List<?>) l);
    }

    private <T> Optional<T> typed(String name, Class<T> type) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException("argument '" + name + "' is a "
                    + value.getClass().getSimpleName() + ", not a " + type.getSimpleName());
        }
        return Optional.of(type.cast(value));
    }

    private static IllegalArgumentException missing(String name) {
        return new IllegalArgumentException("missing required argument '" + name + "'");
    }
}
