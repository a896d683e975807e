package io.agentloop.providers.ollama;

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
 * Chat models of Ollama's native API, built in code; the {@code ollama} provider builds them the
 * same way from its map of settings.
 *
 * <pre>{@code
 * ChatModel local = OllamaModel.builder().model("qwen3:8b").think(false).readTimeout(Duration.ofMinutes(10)).build();
 * }</pre>
 */
public final class OllamaModel {
    private OllamaModel() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The HTTP settings of {@link HttpModelBuilder}, and whether a thinking model thinks. */
    public static final class Builder extends HttpModelBuilder<Builder> {
        private Optional<Boolean> think = Optional.empty();

        private Builder() {
            super(OllamaProvider.INFO, OllamaProvider.DEFAULT_BASE_URL, "OLLAMA_HOST", OllamaProvider.OPTIONS,
                    OllamaProvider.SETTINGS);
        }

        /** Turn a thinking model's thinking on or off (the model's own choice unless set). */
        public Builder think(boolean think) {
            this.think = Optional.of(think);
            return this;
        }

        @Override
        protected void set(String key, String value) {
            if (key.equals("think")) {
                think(bool(key, value.strip()));
            } else {
                super.set(key, value);
            }
        }

        /** {@code OLLAMA_HOST} is often written without a scheme ({@code 0.0.0.0:11434}). */
        @Override
        protected Optional<String> environmentBaseUrl(String variable) {
            return super.environmentBaseUrl(variable).map(value -> value.contains("://") ? value : "http://" + value);
        }

        @Override
        public ChatModel build() {
            ProviderSettings settings = httpSettings();
            Map<String, String> headers = new LinkedHashMap<>();
            settings.apiKey().ifPresent(key -> headers.put("Authorization", "Bearer " + key));
            OllamaFormatter formatter = new OllamaFormatter(modelName(), settings.stream(), think.orElse(null));
            return new HttpChatModel<>(modelName(), settings, info(), headers, WireFormat.ndjson(
                    new DefaultedFormatter(formatter, defaultOptions()), "/api/chat", OllamaDecoder::new));
        }
    }
}
