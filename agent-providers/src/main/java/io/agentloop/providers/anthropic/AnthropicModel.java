package io.agentloop.providers.anthropic;

import io.agentloop.api.model.ChatModel;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpModelBuilder;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.http.WireFormat;
import io.agentloop.providers.http.DefaultedFormatter;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Chat models of the Anthropic Messages API, built in code; the {@code anthropic} provider builds
 * them the same way from its map of settings.
 *
 * <pre>{@code
 * ChatModel claude = AnthropicModel.builder().model("claude-sonnet-4-5").apiKey(key)
 *         .thinkingBudget(4096).readTimeout(Duration.ofMinutes(5)).build();
 * }</pre>
 */
public final class AnthropicModel {
    /** The API requires a maximum; this one when the default options set none. */
    static final int DEFAULT_MAX_TOKENS = 8192;

    private AnthropicModel() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The HTTP settings of {@link HttpModelBuilder}, extended thinking and the API version. */
    public static final class Builder extends HttpModelBuilder<Builder> {
        private OptionalInt thinkingBudget = OptionalInt.empty();
        private String version = "2023-06-01";

        private Builder() {
            super(AnthropicProvider.INFO, AnthropicProvider.DEFAULT_BASE_URL, "ANTHROPIC_BASE_URL",
                    AnthropicProvider.OPTIONS, AnthropicProvider.SETTINGS);
        }

        /** Tokens the model may spend on extended thinking (off unless set). */
        public Builder thinkingBudget(int tokens) {
            if (tokens < 1) {
                throw new IllegalArgumentException("thinking-budget must be at least 1 token, not " + tokens);
            }
            this.thinkingBudget = OptionalInt.of(tokens);
            return this;
        }

        /** The {@code anthropic-version} header ({@code 2023-06-01}). */
        public Builder version(String version) {
            if (version == null || version.isBlank()) {
                throw new IllegalArgumentException("version must name an API version, such as 2023-06-01");
            }
            this.version = version.strip();
            return this;
        }

        @Override
        protected void set(String key, String value) {
            switch (key) {
                case "thinking-budget" -> thinkingBudget(wholeNumber(key, value));
                case "version" -> version(value);
                default -> super.set(key, value);
            }
        }

        /** @throws io.agentloop.api.AgentException when no key is set or found in {@code ANTHROPIC_API_KEY} */
        @Override
        public ChatModel build() {
            ProviderSettings settings = httpSettings();
            Map<String, String> headers = Map.of("x-api-key", settings.requireKey(info()),
                    "anthropic-version", version);
            AnthropicFormatter formatter = new AnthropicFormatter(modelName(), settings.stream(),
                    defaultOptions().maxTokens().orElse(DEFAULT_MAX_TOKENS), thinkingBudget);
            return new HttpChatModel<>(modelName(), settings, info(), headers,
                    WireFormat.sse(new DefaultedFormatter(formatter, defaultOptions()), "/messages",
                            AnthropicDecoder::new),
                    Optional.of(HttpChatModel.IDEMPOTENCY_KEY_HEADER));
        }
    }
}
