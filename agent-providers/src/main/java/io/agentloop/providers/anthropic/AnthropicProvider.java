package io.agentloop.providers.anthropic;

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
 * {@code anthropic}: the Anthropic Messages API. Settings: {@code api-key} (or
 * {@code ANTHROPIC_API_KEY}), {@code base-url} (default {@code https://api.anthropic.com/v1}, or
 * {@code ANTHROPIC_BASE_URL}), {@code max-tokens} (default 8192; the API requires one),
 * {@code thinking-budget} (extended thinking, off by default), {@code version} (the
 * {@code anthropic-version} header, default {@code 2023-06-01}), plus the HTTP settings of
 * {@link ProviderSettings}. A key it does not know is an error naming the ones it does. In code,
 * {@link AnthropicModel#builder()} takes the same settings typed.
 */
public final class AnthropicProvider extends HttpModelProvider {
    static final String DEFAULT_BASE_URL = "https://api.anthropic.com/v1";
    static final ProviderInfo INFO = new ProviderInfo("anthropic", "Anthropic", Optional.of("ANTHROPIC_API_KEY"));

    public AnthropicProvider() {
        this(System::getenv);
    }

    /** @param env looks up environment variables (keys, base URLs) */
    public AnthropicProvider(UnaryOperator<String> env) {
        super(INFO, env);
    }

    /** Model options offered: {@code temperature, top-p, max-tokens, stop}. */
    static final List<ModelOptions> OPTIONS = List.of(ModelOptions.TEMPERATURE, ModelOptions.TOP_P, ModelOptions.MAX_TOKENS, ModelOptions.STOP);

    /** Every setting {@link #create} reads. */
    static final List<Setting> SETTINGS = ModelOptions.settings(OPTIONS,
            Setting.wholeNumber("thinking-budget", "tokens for extended thinking (off when not set)"),
            Setting.text("version", "the anthropic-version header").withDefault("2023-06-01"));

    @Override
    public List<Setting> settings() {
        return SETTINGS;
    }

    /** @throws io.agentloop.api.AgentException naming an unknown setting, or one whose value is not of its type */
    @Override
    public ChatModel create(ModelConfig config) {
        return AnthropicModel.builder().environment(env()).model(config.model()).settings(config.settings()).build();
    }
}
