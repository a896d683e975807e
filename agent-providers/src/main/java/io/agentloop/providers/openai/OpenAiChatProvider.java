package io.agentloop.providers.openai;

import io.agentloop.api.format.Formatter;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.HttpModelStream;
import io.agentloop.providers.http.ProviderInfo;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import okio.BufferedSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code openai}: OpenAI Chat Completions and every server that speaks it. Settings:
 * {@code base-url} (default {@code https://api.openai.com/v1}, or {@code OPENAI_BASE_URL}),
 * {@code api-key} (or {@code OPENAI_API_KEY}; required only for OpenAI's own service),
 * {@code max-tokens-field} ({@code max_tokens}), plus the HTTP settings of {@link ProviderSettings}.
 *
 * <pre>{@code
 * ChatModel local = new OpenAiChatProvider().create(new ModelConfig("qwen2.5:7b",
 *         Map.of("base-url", "http://localhost:11434/v1")));
 * }</pre>
 */
public final class OpenAiChatProvider implements ModelProvider {
    static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
    static final ProviderInfo INFO = new ProviderInfo("openai", "OpenAI", Optional.of("OPENAI_API_KEY"));

    private final UnaryOperator<String> env;

    public OpenAiChatProvider() {
        this(System::getenv);
    }

    OpenAiChatProvider(UnaryOperator<String> env) {
        this.env = env;
    }

    @Override
    public String id() {
        return INFO.id();
    }

    @Override
    public ChatModel create(ModelConfig config) {
        ProviderSettings settings = ProviderSettings.from(config, INFO, DEFAULT_BASE_URL, "OPENAI_BASE_URL", env);
        Map<String, String> headers = new LinkedHashMap<>();
        if (settings.baseUrl().equals(DEFAULT_BASE_URL)) {
            headers.put("Authorization", "Bearer " + settings.requireKey(INFO));
        } else {
            settings.apiKey().ifPresent(key -> headers.put("Authorization", "Bearer " + key));
        }
        String maxTokensField = config.setting("max-tokens-field").orElse("max_tokens");
        OpenAiChatFormatter formatter = new OpenAiChatFormatter(config.model(), settings.stream(), maxTokensField);
        return new HttpChatModel<>(config.model(), settings, INFO, headers, new WireFormat<SseEvent>() {
            @Override
            public Formatter<JsonNode> formatter() {
                return formatter;
            }

            @Override
            public String url(String baseUrl, boolean stream) {
                return baseUrl + "/chat/completions";
            }

            @Override
            public HttpModelStream.UnitReader<SseEvent> reader(BufferedSource body) {
                return WireFormat.sse(body);
            }

            @Override
            public StreamDecoder<SseEvent> decoder(HttpErrorMapper errors) {
                return new OpenAiChatDecoder(errors);
            }
        });
    }
}
