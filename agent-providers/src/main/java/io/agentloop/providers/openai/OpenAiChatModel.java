package io.agentloop.providers.openai;

import io.agentloop.api.model.ChatModel;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpModelBuilder;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.http.WireFormat;
import io.agentloop.providers.http.DefaultedFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Chat models of OpenAI Chat Completions and every server that speaks it, built in code; the
 * {@code openai} provider builds them the same way from its map of settings.
 *
 * <pre>{@code
 * ChatModel local = OpenAiChatModel.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5:7b")
 *         .readTimeout(Duration.ofMinutes(5)).maxConnections(200).build();
 * }</pre>
 */
public final class OpenAiChatModel {
    private OpenAiChatModel() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The HTTP settings of {@link HttpModelBuilder}, and the field that carries max-tokens. */
    public static final class Builder extends HttpModelBuilder<Builder> {
        private String maxTokensField = "max_tokens";

        private Builder() {
            super(OpenAiChatProvider.INFO, OpenAiChatProvider.DEFAULT_BASE_URL, "OPENAI_BASE_URL",
                    OpenAiChatProvider.OPTIONS, OpenAiChatProvider.SETTINGS);
        }

        /** The request field for max-tokens: {@code max_tokens}, or {@code max_completion_tokens} for newer models. */
        public Builder maxTokensField(String field) {
            if (field == null || field.isBlank()) {
                throw new IllegalArgumentException("max-tokens-field must name a request field, such as "
                        + "max_completion_tokens");
            }
            this.maxTokensField = field.strip();
            return this;
        }

        @Override
        protected void set(String key, String value) {
            if (key.equals("max-tokens-field")) {
                maxTokensField(value);
            } else {
                super.set(key, value);
            }
        }

        /** @throws io.agentloop.api.AgentException when OpenAI's own service is meant and no key is found */
        @Override
        public ChatModel build() {
            ProviderSettings settings = httpSettings();
            Map<String, String> headers = new LinkedHashMap<>();
            // OpenAI's own service needs a key; a local server that speaks its API usually does not.
            if (settings.baseUrl().equals(OpenAiChatProvider.DEFAULT_BASE_URL)) {
                headers.put("Authorization", "Bearer " + settings.requireKey(info()));
            } else {
                settings.apiKey().ifPresent(key -> headers.put("Authorization", "Bearer " + key));
            }
            OpenAiChatFormatter formatter = new OpenAiChatFormatter(modelName(), settings.stream(), maxTokensField,
                    OpenAiChatFormatter.takesReasoningContent(settings.baseUrl()));
            return new HttpChatModel<>(modelName(), settings, info(), headers,
                    WireFormat.sse(new DefaultedFormatter(formatter, defaultOptions()), "/chat/completions",
                            OpenAiChatDecoder::new),
                    Optional.of(HttpChatModel.IDEMPOTENCY_KEY_HEADER));
        }
    }
}
