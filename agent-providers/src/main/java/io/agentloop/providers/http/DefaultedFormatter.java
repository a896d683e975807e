package io.agentloop.providers.http;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * A formatter whose requests take the provider's configured options ({@link ModelOptions}) where
 * the call sets none: the call's own always win.
 */
public record DefaultedFormatter(JsonFormatter formatter, ChatOptions defaults) implements JsonFormatter {
    @Override
    public String id() {
        return formatter.id();
    }

    @Override
    public void write(ChatRequest request, JsonGenerator out) {
        formatter.write(defaults == ChatOptions.DEFAULTS ? request
                : request.withOptions(request.options().orElse(defaults)), out);
    }

    @Override
    public AssistantMessage read(JsonParser in) {
        return formatter.read(in);
    }
}
