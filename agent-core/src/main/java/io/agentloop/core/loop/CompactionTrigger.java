package io.agentloop.core.loop;

import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.Message;
import io.agentloop.api.run.CompactionOptions;
import java.util.List;

/** Decides when the conversation is too long, by message count or estimated tokens. */
final class CompactionTrigger {
    private final CompactionOptions options;
    private final TokenEstimator estimator;

    CompactionTrigger(CompactionOptions options, TokenEstimator estimator) {
        this.options = options;
        this.estimator = estimator;
    }

    /** Why compaction is needed, or null when it is not. */
    String reason(List<Message> messages) {
        if (!options.enabled()) {
            return null;
        }
        if (options.maxMessages() > 0 && messages.size() > options.maxMessages()) {
            return messages.size() + " messages, over the threshold of " + options.maxMessages();
        }
        if (options.maxTokens() > 0) {
            long tokens = estimator.estimate(messages);
            if (tokens > options.maxTokens()) {
                return "about " + tokens + " tokens, over the threshold of " + options.maxTokens();
            }
        }
        return null;
    }

    int targetMessages() {
        return options.maxMessages() / 2;
    }

    long targetTokens() {
        return options.maxTokens() / 2;
    }

    String strategy() {
        return options.strategy();
    }
}
