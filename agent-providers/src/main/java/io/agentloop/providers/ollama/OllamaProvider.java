package io.agentloop.providers.ollama;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.setting.Setting;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpModelProvider;
import io.agentloop.providers.http.ProviderInfo;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.http.WireFormat;
import io.agentloop.providers.options.DefaultedFormatter;
import io.agentloop.providers.options.ModelOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * {@code ollama}: Ollama's native API. Settings: {@code base-url} (default
 * {@code http://localhost:11434}, or {@code OLLAMA_HOST}), {@code api-key} (or
 * {@code OLLAMA_API_KEY}, for ollama.com only), {@code think} (true/false), plus the HTTP settings
 * of {@link ProviderSettings}.
 */
public final class OllamaProvider extends HttpModelProvider {
    static final ProviderInfo INFO = new ProviderInfo("ollama", "Ollama", Optional.of("OLLAMA_API_KEY"));

    public OllamaProvider() {
        this(System::getenv);
    }

    /** @param env looks up environment variables (keys, base URLs) */
    public OllamaProvider(UnaryOperator<String> env) {
        super(INFO, env);
    }

    /** Model options offered: {@code temperature, top-p, max-tokens, stop, seed}. */
    static final List<ModelOptions> OPTIONS = List.of(ModelOptions.TEMPERATURE, ModelOptions.TOP_P, ModelOptions.MAX_TOKENS, ModelOptions.STOP, ModelOptions.SEED);

    @Override
    public List<Setting> settings() {
        return ModelOptions.settings(OPTIONS, Setting.bool("think", "turn a thinking model's thinking on or off").withDefault("the model's own"));
    }

    @Override
    public ChatModel create(ModelConfig config) {
        UnaryOperator<String> withScheme = name -> {
            String value = env().apply(name);
            return value != null && !value.contains("://") ? "http://" + value : value;
        };
        ProviderSettings settings = ProviderSettings.from(config, INFO, "http://localhost:11434", "OLLAMA_HOST",
                withScheme);
        Map<String, String> headers = new LinkedHashMap<>();
        settings.apiKey().ifPresent(key -> headers.put("Authorization", "Bearer " + key));
        OllamaFormatter formatter = new OllamaFormatter(config.model(), settings.stream(),
                config.setting("think").map(Boolean::parseBoolean).orElse(null));
        return new HttpChatModel<>(config.model(), settings, INFO, headers, WireFormat.ndjson(new DefaultedFormatter(formatter, ModelOptions.from(config, OPTIONS)), "/api/chat", OllamaDecoder::new));
    }
}
