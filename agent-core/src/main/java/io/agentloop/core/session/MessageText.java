package io.agentloop.core.session;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import java.util.function.UnaryOperator;

/**
 * Applies a text function to every piece of text a message holds (text, reasoning, tool-call
 * arguments, tool results), leaving ids, names, signatures and usage alone: how redaction reaches
 * what a session saves.
 */
public final class MessageText {
    private MessageText() {
    }

    public static Message map(Message message, UnaryOperator<String> text) {
        return switch (message) {
            case SystemMessage m -> new SystemMessage(text.apply(m.text()));
            case UserMessage m -> new UserMessage(m.content().stream().map(b -> new TextBlock(text.apply(b.text())))
                    .toList());
            case AssistantMessage m -> new AssistantMessage(m.content().stream().map(b -> map(b, text)).toList(),
                    m.usage(), m.stopReason());
            case ToolMessage m -> new ToolMessage(m.results().stream().map(r -> (ToolResultBlock) map(r, text)).toList());
        };
    }

    public static ContentBlock map(ContentBlock block, UnaryOperator<String> text) {
        return switch (block) {
            case TextBlock b -> new TextBlock(text.apply(b.text()));
            case ReasoningBlock b -> new ReasoningBlock(text.apply(b.text()), b.signature(), b.redactedData());
            case ToolCall b -> new ToolCall(b.id(), b.name(), text.apply(b.arguments()), b.signature());
            case ToolResultBlock b -> new ToolResultBlock(b.toolCallId(), b.toolName(), text.apply(b.content()),
                    b.error());
        };
    }
}
