package io.agentloop.providers.gemini;

import io.agentloop.api.model.ChatModel;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpModelBuilder;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.http.WireFormat;
import io.agentloop.providers.http.DefaultedFormatter;
import java.util.Map;

/**
 * Chat models of Google's Gemini API, built in code; the {@code gemini} provider builds them the
 * same way from its map of settings.
 *
 * <pre>{@code
 * ChatModel gemini = GeminiModel.builder().model("gemini-2.5-flash").apiKey(key).includeThoughts(true).build();
 * }</pre>
 */
public final class GeminiModel {
    private GeminiModel() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The HTTP settings of {@link HttpModelBuilder}, and whether thought summaries come back. */
    public static final class Builder extends HttpModelBuilder<Builder> {
        private boolean includeThoughts;

        private Builder() {
            super(GeminiProvider.INFO, GeminiProvider.DEFAULT_BASE_URL, "GEMINI_BASE_URL", GeminiProvider.OPTIONS,
                    GeminiProvider.SETTINGS);
        }

        /** Ask for the model's thought summaries (false). */
        public Builder includeThoughts(boolean include) {
            this.includeThoughts = include;
            return this;
        }

        @Override
        protected void set(String key, String value) {
            if (key.equals("include-thoughts")) {
                includeThoughts(bool(key, value.strip()));
            } else {
                super.set(key, value);
            }
        }

        /** @throws io.agentloop.api.AgentException when no key is set or found in {@code GEMINI_API_KEY} */
        @Override
        public ChatModel build() {
            ProviderSettings settings = httpSettings();
            // In a header, never in the URL, where proxies and logs would keep it.
            Map<String, String> headers = Map.of("x-goog-api-key", settings.requireKey(info()));
            String model = modelName();
            WireFormat.Url url = (baseUrl, stream) -> baseUrl + "/models/" + model
                    + (stream ? ":streamGenerateContent?alt=sse" : ":generateContent");
            return new HttpChatModel<>(model, settings, info(), headers, WireFormat.sse(
                    new DefaultedFormatter(new GeminiFormatter(includeThoughts), defaultOptions()), url,
                    GeminiDecoder::new));
        }
    }
}
