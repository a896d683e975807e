package io.agentloop.api.message;

/**
 * Token counts of one model call, or a sum of several.
 *
 * @param inputTokens       prompt tokens, cached ones included
 * @param outputTokens      completion tokens, reasoning included
 * @param cachedInputTokens prompt tokens read from the provider's cache
 * @param reasoningTokens   output tokens spent on reasoning
 */
public record Usage(long inputTokens, long outputTokens, long cachedInputTokens, long reasoningTokens) {
    public static final Usage ZERO = new Usage(0, 0, 0, 0);

    public Usage {
        if (inputTokens < 0 || outputTokens < 0 || cachedInputTokens < 0 || reasoningTokens < 0) {
            throw new IllegalArgumentException("token counts cannot be negative");
        }
    }

    public static Usage of(long inputTokens, long outputTokens) {
        return new Usage(inputTokens, outputTokens, 0, 0);
    }

    public long totalTokens() {
        return inputTokens + outputTokens;
    }

    public Usage plus(Usage other) {
        if (other == ZERO) {
            return this;
        }
        return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
                cachedInputTokens + other.cachedInputTokens, reasoningTokens + other.reasoningTokens);
    }
}
