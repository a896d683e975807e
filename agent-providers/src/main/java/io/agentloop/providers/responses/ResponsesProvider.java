package io.agentloop.providers.responses;

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
 * {@code openai-responses}: the OpenAI Responses API. Settings: {@code api-key} (or
 * {@code OPENAI_API_KEY}), {@code base-url} (default {@code https://api.openai.com/v1}, or
 * {@code OPENAI_BASE_URL}), plus the HTTP settings of {@link ProviderSettings}.
 */
public final class ResponsesProvider implements ModelProvider {
    static final ProviderInfo INFO = new ProviderInfo("openai-responses", "OpenAI Responses",
            Optional.of("OPENAI_API_KEY"));

    private final UnaryOperator<String> env;

    public ResponsesProvider() {
        this(System::getenv);
    }

    ResponsesProvider(UnaryOperator<String> env) {
        this.env = env;
    }

    @Override
    public String id() {
        return INFO.id();
    }

    @Override
    public ChatModel create(ModelConfig config) {
        ProviderSettings settings = ProviderSettings.from(config, INFO, "https://api.openai.com/v1", "OPENAI_BASE_URL",
                env);
        Map<String, String> headers = Map.of("Authorization", "Bearer " + settings.requireKey(INFO));
        ResponsesFormatter formatter = new ResponsesFormatter(config.model(), settings.stream());
        return new HttpChatModel<>(config.model(), settings, INFO, headers, new WireFormat<SseEvent>() {
            @Override
            public Formatter<JsonNode> formatter() {
                return formatter;
            }

            @Override
            public String url(String baseUrl, boolean stream) {
                return baseUrl + "/responses";
            }

            @Override
            public HttpModelStream.UnitReader<SseEvent> reader(BufferedSource body) {
                return WireFormat.sse(body);
            }

            @Override
            public StreamDecoder<SseEvent> decoder(HttpErrorMapper errors) {
                return new ResponsesDecoder(errors);
            }
        });
    }
}
