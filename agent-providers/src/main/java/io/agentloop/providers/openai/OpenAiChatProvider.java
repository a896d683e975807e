package io.agentloop.providers.openai;

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
 * {@code openai}: OpenAI Chat Completions and every server that speaks it. Settings:
 * {@code base-url} (default {@code https://api.openai.com/v1}, or {@code OPENAI_BASE_URL}),
 * {@code api-key} (or {@code OPENAI_API_KEY}; required only for OpenAI's own service),
 * {@code max-tokens-field} ({@code max_tokens}), the model options of {@link #OPTIONS} (sent with
 * every call that sets none itself), plus the HTTP settings of {@link ProviderSettings}. A key it does
 * not know is an error naming the ones it does. In code, {@link OpenAiChatModel#builder()} takes the
 * same settings typed.
 *
 * <pre>{@code
 * ChatModel local = new OpenAiChatProvider().create(new ModelConfig("qwen2.5:7b",
 *         Map.of("base-url", "http://localhost:11434/v1")));
 * }</pre>
 */
public final class OpenAiChatProvider extends HttpModelProvider {
    static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
    static final ProviderInfo INFO = new ProviderInfo("openai", "OpenAI", Optional.of("OPENAI_API_KEY"));

    public OpenAiChatProvider() {
        this(System::getenv);
    }

    /** @param env looks up environment variables (keys, base URLs) */
    public OpenAiChatProvider(UnaryOperator<String> env) {
        super(INFO, env);
    }

    /** Model options offered: {@code temperature, top-p, max-tokens, stop, seed, reasoning-effort}. */
    static final List<ModelOptions> OPTIONS = List.of(ModelOptions.TEMPERATURE, ModelOptions.TOP_P, ModelOptions.MAX_TOKENS, ModelOptions.STOP, ModelOptions.SEED, ModelOptions.REASONING_EFFORT);

    /** Every setting {@link #create} reads. */
    static final List<Setting> SETTINGS = ModelOptions.settings(OPTIONS, Setting.text("max-tokens-field",
            "the request field for max-tokens (max_completion_tokens for newer models)").withDefault("max_tokens"));

    @Override
    public List<Setting> settings() {
        return SETTINGS;
    }

    /** @throws io.agentloop.api.AgentException naming an unknown setting, or one whose value is not of its type */
    @Override
    public ChatModel create(ModelConfig config) {
        return OpenAiChatModel.builder().environment(env()).model(config.model()).settings(config.settings()).build();
    }
}
