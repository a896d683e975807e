package io.agentloop.providers.gemini;

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
 * {@code gemini}: Google's Gemini API. Settings: {@code api-key} (or {@code GEMINI_API_KEY}; sent
 * in the {@code x-goog-api-key} header, never in the URL), {@code base-url} (default
 * {@code https://generativelanguage.googleapis.com/v1beta}, or {@code GEMINI_BASE_URL}),
 * {@code include-thoughts} (thought summaries, default false), plus the HTTP settings of
 * {@link ProviderSettings}. A key it does not know is an error naming the ones it does. In code,
 * {@link GeminiModel#builder()} takes the same settings typed.
 */
public final class GeminiProvider extends HttpModelProvider {
    static final String DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";
    static final ProviderInfo INFO = new ProviderInfo("gemini", "Gemini", Optional.of("GEMINI_API_KEY"));

    public GeminiProvider() {
        this(System::getenv);
    }

    /** @param env looks up environment variables (keys, base URLs) */
    public GeminiProvider(UnaryOperator<String> env) {
        super(INFO, env);
    }

    /** Model options offered: {@code temperature, top-p, max-tokens, stop, seed}. */
    static final List<ModelOptions> OPTIONS = List.of(ModelOptions.TEMPERATURE, ModelOptions.TOP_P, ModelOptions.MAX_TOKENS, ModelOptions.STOP, ModelOptions.SEED);

    /** Every setting {@link #create} reads. */
    static final List<Setting> SETTINGS = ModelOptions.settings(OPTIONS,
            Setting.bool("include-thoughts", "ask for the model's thought summaries").withDefault("false"));

    @Override
    public List<Setting> settings() {
        return SETTINGS;
    }

    /** @throws io.agentloop.api.AgentException naming an unknown setting, or one whose value is not of its type */
    @Override
    public ChatModel create(ModelConfig config) {
        return GeminiModel.builder().environment(env()).model(config.model()).settings(config.settings()).build();
    }
}
