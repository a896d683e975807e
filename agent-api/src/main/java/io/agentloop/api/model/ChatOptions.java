package io.agentloop.api.model;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Per-call options. Empty values mean "the provider's default".
 *
 * @param temperature sampling temperature
 * @param maxTokens   the most output tokens
 * @param toolChoice  whether tools may, must or must not be called
 * @param responseSchema the JSON Schema the answer's text must be a JSON value of, or empty for
 *                    free text. Providers whose API or runtime can constrain output do ({@code
 *                    ollama}: {@code format}; {@code llamacpp}: a grammar; {@code openai}: {@code
 *                    response_format}); the others rely on what the prompt says.
 */
public record ChatOptions(OptionalDouble temperature, OptionalInt maxTokens, ToolChoice toolChoice,
                          Optional<Map<String, Object>> responseSchema) {
    public static final ChatOptions DEFAULTS =
            new ChatOptions(OptionalDouble.empty(), OptionalInt.empty(), ToolChoice.AUTO);

    public ChatOptions {
        Objects.requireNonNull(temperature, "temperature");
        Objects.requireNonNull(maxTokens, "maxTokens");
        Objects.requireNonNull(toolChoice, "toolChoice");
        responseSchema = responseSchema.map(Map::copyOf);
    }

    /** Options with free-text answers. */
    public ChatOptions(OptionalDouble temperature, OptionalInt maxTokens, ToolChoice toolChoice) {
        this(temperature, maxTokens, toolChoice, Optional.empty());
    }

    public ChatOptions withTemperature(double value) {
        return new ChatOptions(OptionalDouble.of(value), maxTokens, toolChoice, responseSchema);
    }

    public ChatOptions withMaxTokens(int value) {
        return new ChatOptions(temperature, OptionalInt.of(value), toolChoice, responseSchema);
    }

    public ChatOptions withToolChoice(ToolChoice value) {
        return new ChatOptions(temperature, maxTokens, value, responseSchema);
    }

    /** The JSON Schema the answer must match ({@link #responseSchema()}). */
    public ChatOptions withResponseSchema(Map<String, Object> schema) {
        return new ChatOptions(temperature, maxTokens, toolChoice, Optional.of(schema));
    }
}
