package io.agentloop.providers.responses;

import io.agentloop.api.model.ChatModel;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpModelBuilder;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.http.WireFormat;
import io.agentloop.providers.http.DefaultedFormatter;
import java.util.Map;
import java.util.Optional;

/**
 * Chat models of the OpenAI Responses API, built in code; the {@code openai-responses} provider
 * builds them the same way from its map of settings.
 *
 * <pre>{@code
 * ChatModel model = OpenAiResponsesModel.builder().model("gpt-4.1-mini").apiKey(key)
 *         .readTimeout(Duration.ofMinutes(2)).build();
 * }</pre>
 */
public final class OpenAiResponsesModel {
    private OpenAiResponsesModel() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The HTTP settings of {@link HttpModelBuilder}. */
    public static final class Builder extends HttpModelBuilder<Builder> {
        private Builder() {
            super(ResponsesProvider.INFO, ResponsesProvider.DEFAULT_BASE_URL, "OPENAI_BASE_URL",
                    ResponsesProvider.OPTIONS, ResponsesProvider.SETTINGS);
        }

        /** @throws io.agentloop.api.AgentException when no key is set or found in {@code OPENAI_API_KEY} */
        @Override
        public ChatModel build() {
            ProviderSettings settings = httpSettings();
            Map<String, String> headers = Map.of("Authorization", "Bearer " + settings.requireKey(info()));
            ResponsesFormatter formatter = new ResponsesFormatter(modelName(), settings.stream());
            return new HttpChatModel<>(modelName(), settings, info(), headers,
                    WireFormat.sse(new DefaultedFormatter(formatter, defaultOptions()), "/responses",
                            ResponsesDecoder::new),
                    Optional.of(HttpChatModel.IDEMPOTENCY_KEY_HEADER));
        }
    }
}
