package io.agentloop.core.format;

import io.agentloop.api.format.Formatter;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;

/**
 * {@code native}: the request and the answer pass unchanged, and the provider sends the tools and
 * reads the calls in its API's own fields. Every provider's default.
 */
public final class NativeFormatter implements Formatter {
    public static final String ID = "native";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ChatRequest format(ChatRequest request) {
        return request;
    }

    @Override
    public AssistantMessage parse(AssistantMessage answer) {
        return answer;
    }
}
