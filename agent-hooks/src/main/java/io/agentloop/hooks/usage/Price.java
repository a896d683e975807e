package io.agentloop.hooks.usage;

import io.agentloop.api.message.Usage;

/**
 * What a model's tokens cost, in a currency of the user's choosing per million tokens. Cached
 * input tokens are billed at {@code cachedInput} instead of {@code input}; reasoning tokens are
 * output tokens.
 */
public record Price(double input, double output, double cachedInput) {
    public Price {
        if (input < 0 || output < 0 || cachedInput < 0) {
            throw new IllegalArgumentException("prices cannot be negative");
        }
    }

    public double cost(Usage usage) {
        long cached = Math.min(usage.cachedInputTokens(), usage.inputTokens());
        return ((usage.inputTokens() - cached) * input + cached * cachedInput + usage.outputTokens() * output) / 1e6;
    }
}
