package io.agentloop.api.run;

import java.util.Objects;

/**
 * When the conversation is compacted and with which strategy. Compaction starts when either
 * threshold is passed (0 turns a threshold off) and aims at half of it.
 *
 * @param maxMessages the message count that triggers compaction (default 200)
 * @param maxTokens   the estimated token count that triggers compaction (default 100,000)
 * @param strategy    the name of the {@code CompactionStrategy} to use (default {@code truncate})
 */
public record CompactionOptions(int maxMessages, long maxTokens, String strategy) {
    public static final CompactionOptions DEFAULTS = new CompactionOptions(200, 100_000, "truncate");

    public CompactionOptions {
        if (maxMessages < 0 || maxTokens < 0) {
            throw new IllegalArgumentException("compaction thresholds cannot be negative");
        }
        Objects.requireNonNull(strategy, "strategy");
    }

    /** No compaction. */
    public static CompactionOptions off() {
        return new CompactionOptions(0, 0, "truncate");
    }

    public boolean enabled() {
        return maxMessages > 0 || maxTokens > 0;
    }
}
