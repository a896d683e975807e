package io.agentloop.api.model;

import io.agentloop.api.message.Message;
import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import java.util.Objects;

/**
 * What a chat model is asked: the conversation, the tools on offer and the call options.
 * Pre-reasoning hooks change a request by returning a new one ({@link #withMessages},
 * {@link #withOptions}).
 */
public record ChatRequest(List<Message> messages, List<ToolSpec> tools, ChatOptions options) {
    public ChatRequest {
        messages = List.copyOf(messages);
        tools = List.copyOf(tools);
        Objects.requireNonNull(options, "options");
    }

    public static ChatRequest of(List<Message> messages, List<ToolSpec> tools) {
        return new ChatRequest(messages, tools, ChatOptions.DEFAULTS);
    }

    public ChatRequest withMessages(List<Message> newMessages) {
        return new ChatRequest(newMessages, tools, options);
    }

    public ChatRequest withTools(List<ToolSpec> newTools) {
        return new ChatRequest(messages, newTools, options);
    }

    public ChatRequest withOptions(ChatOptions newOptions) {
        return new ChatRequest(messages, tools, newOptions);
    }
}
