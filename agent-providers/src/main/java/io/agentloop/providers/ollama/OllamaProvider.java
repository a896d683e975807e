package io.agentloop.providers.ollama;

import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.setting.Setting;
import io.agentloop.providers.http.HttpModelProvider;
import io.agentloop.providers.http.ProviderInfo;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.options.ModelOptions;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * {@code ollama}: Ollama's native API. Settings: {@code base-url} (default
 * {@code http://localhost:11434}, or {@code OLLAMA_HOST}), {@code api-key} (or
 * {@code OLLAMA_API_KEY}, for ollama.com only), {@code think} (true/false), plus the HTTP settings
 * of {@link ProviderSettings}. A key it does not know is an error naming the ones it does. In code,
 * {@link OllamaModel#builder()} takes the same settings typed.
 */
public final class OllamaProvider extends HttpModelProvider {
    static final String DEFAULT_BASE_URL = "http://localhost:11434";
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

    /** Every setting {@link #create} reads. */
    static final List<Setting> SETTINGS = ModelOptions.settings(OPTIONS,
            Setting.bool("think", "turn a thinking model's thinking on or off").withDefault("the model's own"));

    @Override
    public List<Setting> settings() {
        return SETTINGS;
    }

    /** @throws io.agentloop.api.AgentException naming an unknown setting, or one whose value is not of its type */
    @Override
    public ChatModel create(ModelConfig config) {
        return OllamaModel.builder().environment(env()).model(config.model()).settings(config.settings()).build();
    }
}
