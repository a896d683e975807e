package io.agentloop.providers.responses;

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
 * {@code openai-responses}: the OpenAI Responses API. Settings: {@code api-key} (or
 * {@code OPENAI_API_KEY}), {@code base-url} (default {@code https://api.openai.com/v1}, or
 * {@code OPENAI_BASE_URL}), plus the HTTP settings of {@link ProviderSettings}. A key it does not know is an error
 * naming the ones it does. In code, {@link OpenAiResponsesModel#builder()} takes the same settings typed.
 */
public final class ResponsesProvider extends HttpModelProvider {
    static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
    static final ProviderInfo INFO = new ProviderInfo("openai-responses", "OpenAI Responses",
            Optional.of("OPENAI_API_KEY"));

    public ResponsesProvider() {
        this(System::getenv);
    }

    /** @param env looks up environment variables (keys, base URLs) */
    public ResponsesProvider(UnaryOperator<String> env) {
        super(INFO, env);
    }

    /** Model options offered: {@code temperature, top-p, max-tokens, reasoning-effort}. */
    static final List<ModelOptions> OPTIONS = List.of(ModelOptions.TEMPERATURE, ModelOptions.TOP_P, ModelOptions.MAX_TOKENS, ModelOptions.REASONING_EFFORT);

    /** Every setting {@link #create} reads. */
    static final List<Setting> SETTINGS = ModelOptions.settings(OPTIONS);

    @Override
    public List<Setting> settings() {
        return SETTINGS;
    }

    /** @throws io.agentloop.api.AgentException naming an unknown setting, or one whose value is not of its type */
    @Override
    public ChatModel create(ModelConfig config) {
        return OpenAiResponsesModel.builder().environment(env()).model(config.model()).settings(config.settings()).build();
    }
}
