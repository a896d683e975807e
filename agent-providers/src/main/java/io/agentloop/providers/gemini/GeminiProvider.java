package io.agentloop.providers.gemini;

import io.agentloop.api.format.Formatter;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.HttpModelStream;
import io.agentloop.providers.http.ProviderInfo;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.http.SseEvent;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireFormat;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import okio.BufferedSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code gemini}: Google's Gemini API. Settings: {@code api-key} (or {@code GEMINI_API_KEY}; sent
 * in the {@code x-goog-api-key} header, never in the URL), {@code base-url} (default
 * {@code https://generativelanguage.googleapis.com/v1beta}, or {@code GEMINI_BASE_URL}),
 * {@code include-thoughts} (thought summaries, default false), plus the HTTP settings of
 * {@link ProviderSettings}.
 */
public final class GeminiProvider implements ModelProvider {
    static final ProviderInfo INFO = new ProviderInfo("gemini", "Gemini", Optional.of("GEMINI_API_KEY"));

    private final UnaryOperator<String> env;

    public GeminiProvider() {
        this(System::getenv);
    }

    GeminiProvider(UnaryOperator<String> env) {
        this.env = env;
    }

    @Override
    public String id() {
        return INFO.id();
    }

    @Override
    public ChatModel create(ModelConfig config) {
        ProviderSettings settings = ProviderSettings.from(config, INFO,
                "https://generativelanguage.googleapis.com/v1beta", "GEMINI_BASE_URL", env);
        Map<String, String> headers = Map.of("x-goog-api-key", settings.requireKey(INFO));
        GeminiFormatter formatter = new GeminiFormatter(
                config.setting("include-thoughts").map(Boolean::parseBoolean).orElse(false));
        String model = config.model();
        return new HttpChatModel<>(model, settings, INFO, headers, new WireFormat<SseEvent>() {
            @Override
            public Formatter<JsonNode> formatter() {
                return formatter;
            }

            @Override
            public String url(String baseUrl, boolean stream) {
                return baseUrl + "/models/" + model + (stream ? ":streamGenerateContent?alt=sse" : ":generateContent");
            }

            @Override
            public HttpModelStream.UnitReader<SseEvent> reader(BufferedSource body) {
                return WireFormat.sse(body);
            }

            @Override
            public StreamDecoder<SseEvent> decoder(HttpErrorMapper errors) {
                return new GeminiDecoder(errors);
            }
        });
    }
}
