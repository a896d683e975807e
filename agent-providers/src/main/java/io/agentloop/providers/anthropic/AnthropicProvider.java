package io.agentloop.providers.anthropic;

import io.agentloop.api.AgentException;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.UnaryOperator;

/**
 * {@code anthropic}: the Anthropic Messages API. Settings: {@code api-key} (or
 * {@code ANTHROPIC_API_KEY}), {@code base-url} (default {@code https://api.anthropic.com/v1}, or
 * {@code ANTHROPIC_BASE_URL}), {@code max-tokens} (default 8192; the API requires one),
 * {@code thinking-budget} (extended thinking, off by default), {@code version} (the
 * {@code anthropic-version} header, default {@code 2023-06-01}), plus the HTTP settings of
 * {@link ProviderSettings}.
 */
public final class AnthropicProvider extends HttpModelProvider {
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

    @Override
    public List<Setting> settings() {
        return ModelOptions.settings(OPTIONS, Setting.wholeNumber("thinking-budget", "tokens for extended thinking (off when not set)"), Setting.text("version", "the anthropic-version header").withDefault("2023-06-01"));
    }

    @Override
    public ChatModel create(ModelConfig config) {
        ProviderSettings settings = ProviderSettings.from(config, INFO, "https://api.anthropic.com/v1",
                "ANTHROPIC_BASE_URL", env());
        Map<String, String> headers = Map.of("x-api-key", settings.requireKey(INFO),
                "anthropic-version", config.setting("version").orElse("2023-06-01"));
        int maxTokens = number(config, "max-tokens").orElse(8192);
        AnthropicFormatter formatter = new AnthropicFormatter(config.model(), settings.stream(), maxTokens,
                number(config, "thinking-budget"));
        return new HttpChatModel<>(config.model(), settings, INFO, headers,
                WireFormat.sse(new DefaultedFormatter(formatter, ModelOptions.from(config, OPTIONS)), "/messages", AnthropicDecoder::new),
                Optional.of(HttpChatModel.IDEMPOTENCY_KEY_HEADER));
    }

    private static OptionalInt number(ModelConfig config, String key) {
        Optional<String> value = config.setting(key);
        if (value.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(value.get().strip()));
        } catch (NumberFormatException e) {
            throw new AgentException("setting " + key + "='" + value.get() + "' must be a whole number");
        }
    }
}
