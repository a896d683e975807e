package io.agentloop.api.memory;

import io.agentloop.api.message.Message;
import io.agentloop.api.model.ChatModel;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link CompactionStrategy} is asked to do.
 *
 * @param messages       the conversation, oldest first
 * @param targetMessages aim at no more than this many messages (0: no message target)
 * @param targetTokens   aim at no more than this many estimated tokens (0: no token target)
 * @param estimator      how tokens are estimated
 * @param model          the run's chat model, for strategies that summarise
 */
public record CompactionRequest(List<Message> messages, int targetMessages, long targetTokens,
                                TokenEstimator estimator, Optional<ChatModel> model) {
    public CompactionRequest {
        messages = List.copyOf(messages);
        Objects.requireNonNull(estimator, "estimator");
        Objects.requireNonNull(model, "model");
    }
}
