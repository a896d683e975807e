package io.agentloop.providers.ollama;

import io.agentloop.api.format.Formatter;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.HttpModelStream;
import io.agentloop.providers.http.NdjsonReader;
import io.agentloop.providers.http.ProviderInfo;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import okio.BufferedSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code ollama}: Ollama's native API. Settings: {@code base-url} (default
 * {@code http://localhost:11434}, or {@code OLLAMA_HOST}), {@code api-key} (or
 * {@code OLLAMA_API_KEY}, for ollama.com only), {@code think} (true/false), plus the HTTP settings
 * of {@link ProviderSettings}.
 */
public final class OllamaProvider implements ModelProvider {
    static final ProviderInfo INFO = new ProviderInfo("ollama", "Ollama", Optional.of("OLLAMA_API_KEY"));

    private final UnaryOperator<String> env;

    public OllamaProvider() {
        this(System::getenv);
    }

    OllamaProvider(UnaryOperator<String> env) {
        this.env = env;
    }

    @Override
    public String id() {
        return INFO.id();
    }

    @Override
    public ChatModel create(ModelConfig config) {
        UnaryOperator<String> withScheme = name -> {
            String value = env.apply(name);
            return value != null && !value.contains("://") ? "http://" + value : value;
        };
        ProviderSettings settings = ProviderSettings.from(config, INFO, "http://localhost:11434", "OLLAMA_HOST",
                withScheme);
        Map<String, String> headers = new LinkedHashMap<>();
        settings.apiKey().ifPresent(key -> headers.put("Authorization", "Bearer " + key));
        OllamaFormatter formatter = new OllamaFormatter(config.model(), settings.stream(),
                config.setting("think").map(Boolean::parseBoolean).orElse(null));
        return new HttpChatModel<>(config.model(), settings, INFO, headers, new WireFormat<String>() {
            @Override
            public Formatter<JsonNode> formatter() {
                return formatter;
            }

            @Override
            public String url(String baseUrl, boolean stream) {
                return baseUrl + "/api/chat";
            }

            @Override
            public HttpModelStream.UnitReader<String> reader(BufferedSource body) {
                return new NdjsonReader(body)::next;
            }

            @Override
            public StreamDecoder<String> decoder(HttpErrorMapper errors) {
                return new OllamaDecoder(errors);
            }
        });
    }
}
