package io.agentloop.api.model;

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Per-call options. Empty values mean "the provider's default".
 *
 * @param temperature sampling temperature
 * @param maxTokens   the most output tokens
 * @param toolChoice  whether tools may, must or must not be called
 */
public record ChatOptions(OptionalDouble temperature, OptionalInt maxTokens, ToolChoice toolChoice) {
    public static final ChatOptions DEFAULTS =
            new ChatOptions(OptionalDouble.empty(), OptionalInt.empty(), ToolChoice.AUTO);

    public ChatOptions {
        Objects.requireNonNull(temperature, "temperature");
        Objects.requireNonNull(maxTokens, "maxTokens");
        Objects.requireNonNull(toolChoice, "toolChoice");
    }

    public ChatOptions withTemperature(double value) {
        return new ChatOptions(OptionalDouble.of(value), maxTokens, toolChoice);
    }

    public ChatOptions withMaxTokens(int value) {
        return new ChatOptions(temperature, OptionalInt.of(value), toolChoice);
    }

    public ChatOptions withToolChoice(ToolChoice value) {
        return new ChatOptions(temperature, maxTokens, value);
    }
}
