package io.agentloop.providers.responses;

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
import java.util.function.UnaryOperator;

/**
 * {@code openai-responses}: the OpenAI Responses API. Settings: {@code api-key} (or
 * {@code OPENAI_API_KEY}), {@code base-url} (default {@code https://api.openai.com/v1}, or
 * {@code OPENAI_BASE_URL}), plus the HTTP settings of {@link ProviderSettings}.
 */
public final class ResponsesProvider extends HttpModelProvider {
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

    @Override
    public List<Setting> settings() {
        return ModelOptions.settings(OPTIONS);
    }

    @Override
    public ChatModel create(ModelConfig config) {
        ProviderSettings settings = ProviderSettings.from(config, INFO, "https://api.openai.com/v1", "OPENAI_BASE_URL",
                env());
        Map<String, String> headers = Map.of("Authorization", "Bearer " + settings.requireKey(INFO));
        ResponsesFormatter formatter = new ResponsesFormatter(config.model(), settings.stream());
        return new HttpChatModel<>(config.model(), settings, INFO, headers,
                WireFormat.sse(new DefaultedFormatter(formatter, ModelOptions.from(config, OPTIONS)), "/responses", ResponsesDecoder::new),
                Optional.of(HttpChatModel.IDEMPOTENCY_KEY_HEADER));
    }
}
