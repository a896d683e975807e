package io.agentloop.api.memory;

import io.agentloop.api.message.Message;
import io.agentloop.api.model.ChatModel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link CompactionStrategy} is asked to do.
 *
 * <pre>{@code
 * new CompactionRequest(messages, 0, 50_000, estimator, Optional.of(model), List.of(task))
 * }</pre>
 *
 * @param messages       the conversation, oldest first
 * @param targetMessages aim at no more than this many messages (0: no message target)
 * @param targetTokens   aim at no more than this many estimated tokens (0: no token target)
 * @param estimator      how tokens are estimated
 * @param model          the run's chat model, for strategies that summarise
 * @param pinned         messages of the conversation to keep word for word before anything else:
 *                       the run's task (its first user message) and whatever a program pinned;
 *                       the platform puts them back should a strategy leave one out
 */
public record CompactionRequest(List<Message> messages, int targetMessages, long targetTokens,
                                TokenEstimator estimator, Optional<ChatModel> model, List<Message> pinned) {
    public CompactionRequest {
        messages = List.copyOf(messages);
        Objects.requireNonNull(estimator, "estimator");
        Objects.requireNonNull(model, "model");
        pinned = List.copyOf(pinned);
    }

    /** A request with nothing pinned. */
    public CompactionRequest(List<Message> messages, int targetMessages, long targetTokens, TokenEstimator estimator,
                             Optional<ChatModel> model) {
        this(messages, targetMessages, targetTokens, estimator, model, List.of());
    }

    /** Whether a message is pinned (equal to one of {@link #pinned}). */
    public boolean isPinned(Message message) {
        return pinned.contains(message);
    }
}
