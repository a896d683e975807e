package io.agentloop.api.memory;

import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import java.util.List;

/**
 * Estimates how many tokens a message takes. The default, {@link #CHARACTERS}, counts about four
 * characters per token plus a few tokens of overhead per message: cheap, and close enough to
 * decide when to compact.
 */
@FunctionalInterface
public interface TokenEstimator {

    long estimate(Message message);

    default long estimate(List<Message> messages) {
        long total = 0;
        for (Message message : messages) {
            total += estimate(message);
        }
        return total;
    }

    TokenEstimator CHARACTERS = message -> {
        long chars = 0;
        for (ContentBlock block : message.content()) {
            chars += switch (block) {
                case TextBlock t -> t.text().length();
                case ReasoningBlock r -> r.text().length();
                case ToolCall c -> c.name().length() + c.arguments().length();
                case ToolResultBlock r -> r.content().length();
            };
        }
        return 4 + (chars + 3) / 4;
    };
}
