package io.agentloop.core.format;

import io.agentloop.api.format.Formatter;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;

/**
 * {@code simple}, the second of the design's three formatter strategies: every turn is a role and
 * plain text, nothing else. It is the protocol of {@link TextFormatter} under the design's name: the
 * tools are described in the system text, earlier calls are written in the assistant's text and
 * results come back as user text, so a chat model without tool calling can use tools.
 */
public final class SimpleFormatter implements Formatter {
    public static final String ID = "simple";
    private final TextFormatter text = new TextFormatter();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ChatRequest format(ChatRequest request) {
        return text.format(request);
    }

    @Override
    public AssistantMessage parse(AssistantMessage answer) {
        return text.parse(answer);
    }
}
