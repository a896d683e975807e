package io.agentloop.providers.gemini;

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
 * {@code gemini}: Google's Gemini API. Settings: {@code api-key} (or {@code GEMINI_API_KEY}; sent
 * in the {@code x-goog-api-key} header, never in the URL), {@code base-url} (default
 * {@code https://generativelanguage.googleapis.com/v1beta}, or {@code GEMINI_BASE_URL}),
 * {@code include-thoughts} (thought summaries, default false), plus the HTTP settings of
 * {@link ProviderSettings}.
 */
public final class GeminiProvider extends HttpModelProvider {
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

    @Override
    public List<Setting> settings() {
        return ModelOptions.settings(OPTIONS, Setting.bool("include-thoughts", "ask for the model's thought summaries").withDefault("false"));
    }

    @Override
    public ChatModel create(ModelConfig config) {
        ProviderSettings settings = ProviderSettings.from(config, INFO,
                "https://generativelanguage.googleapis.com/v1beta", "GEMINI_BASE_URL", env());
        Map<String, String> headers = Map.of("x-goog-api-key", settings.requireKey(INFO));
        GeminiFormatter formatter = new GeminiFormatter(
                config.setting("include-thoughts").map(Boolean::parseBoolean).orElse(false));
        String model = config.model();
        WireFormat.Url url = (baseUrl, stream) -> baseUrl + "/models/" + model
                + (stream ? ":streamGenerateContent?alt=sse" : ":generateContent");
        return new HttpChatModel<>(model, settings, INFO, headers, WireFormat.sse(new DefaultedFormatter(formatter, ModelOptions.from(config, OPTIONS)), url, GeminiDecoder::new));
    }
}
