package io.agentloop.api.run;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * When the conversation is compacted and with which strategy. Compaction starts when the estimated
 * tokens pass {@code threshold} of the model's context window (the window from
 * {@code contextWindows}, else the core's table of common models, else an assumed 128,000 tokens,
 * said once), or pass {@code maxTokens} when that is set instead, or when the messages pass
 * {@code maxMessages}; it aims at half of what started it.
 *
 * <pre>{@code
 * CompactionOptions.DEFAULTS.withThreshold(0.7).withContextWindow("ollama", "my-model:7b", 32_768)
 * }</pre>
 *
 * @param maxMessages    the message count that triggers compaction (default 200; 0: none)
 * @param maxTokens      an absolute estimated token count that triggers compaction instead of the
 *                       threshold (default 0: the threshold decides)
 * @param strategy       the name of the {@code CompactionStrategy} to use (default {@code truncate})
 * @param threshold      the share of the context window that triggers compaction, above 0 and at
 *                       most 1 (default 0.8); 0 turns the window's trigger off
 * @param contextWindows context windows in tokens by {@code provider/model} (lower case), over the
 *                       built-in table
 */
public record CompactionOptions(int maxMessages, long maxTokens, String strategy, double threshold,
                                Map<String, Long> contextWindows) {
    public static final double DEFAULT_THRESHOLD = 0.8;
    public static final CompactionOptions DEFAULTS = new CompactionOptions(200, 0, "truncate", DEFAULT_THRESHOLD,
            Map.of());

    public CompactionOptions {
        if (maxMessages < 0 || maxTokens < 0) {
            throw new IllegalArgumentException("compaction thresholds cannot be negative");
        }
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("compaction.threshold is a share of the context window between 0 and 1 "
                    + "(0.8 starts at 80 %), was " + threshold);
        }
        Objects.requireNonNull(strategy, "strategy");
        contextWindows = Map.copyOf(contextWindows);
        contextWindows.forEach((model, window) -> {
            if (window <= 0) {
                throw new IllegalArgumentException("the context window of " + model + " must be above 0, was " + window);
            }
        });
    }

    /** With the default threshold (0.8 of the model's window) and no configured windows. */
    public CompactionOptions(int maxMessages, long maxTokens, String strategy) {
        this(maxMessages, maxTokens, strategy, DEFAULT_THRESHOLD, Map.of());
    }

    /** No compaction. */
    public static CompactionOptions off() {
        return new CompactionOptions(0, 0, "truncate", 0, Map.of());
    }

    public boolean enabled() {
        return maxMessages > 0 || maxTokens > 0 || threshold > 0;
    }

    public CompactionOptions withThreshold(double share) {
        return new CompactionOptions(maxMessages, maxTokens, strategy, share, contextWindows);
    }

    /** With a context window for one provider's model, over the built-in one. */
    public CompactionOptions withContextWindow(String provider, String model, long tokens) {
        Map<String, Long> windows = new java.util.HashMap<>(contextWindows);
        windows.put(key(provider, model), tokens);
        return new CompactionOptions(maxMessages, maxTokens, strategy, threshold, windows);
    }

    /** The configured window of a provider's model, if one is. */
    public Optional<Long> contextWindow(String provider, String model) {
        return Optional.ofNullable(contextWindows.get(key(provider, model)));
    }

    private static String key(String provider, String model) {
        return (provider + "/" + model).toLowerCase(Locale.ROOT);
    }
}
