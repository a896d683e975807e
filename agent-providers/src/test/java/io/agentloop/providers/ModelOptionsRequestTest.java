package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.setting.Setting;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The model options a provider's settings fix ({@code providers.<id>.temperature}, {@code top-p},
 * {@code max-tokens}, {@code stop}, {@code seed}, {@code reasoning-effort}) reach the request body
 * under the API's own names; a call's own options win over them; each provider declares the ones its
 * API has.
 */
class ModelOptionsRequestTest {
    private static final Map<String, String> ALL = Map.of("temperature", "0.3", "top-p", "0.9", "max-tokens", "321",
            "stop", "END, STOP", "seed", "7", "reasoning-effort", "low");

    private final ProviderServer server = new ProviderServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private JsonNode send(ModelProvider provider, String basePath, String api, String response,
                          Map<String, String> settings, ChatOptions options) {
        server.enqueue(Fixtures.response(api, response, 200));
        ChatModel model = server.model(provider, "test-model", basePath, settings);
        Collected.from(model.stream(new ChatRequest(List.of(UserMessage.of("Hi")), List.of(), options),
                CancellationSignal.never()));
        return server.take().body();
    }

    /** The settings of {@link #ALL} the provider declares. */
    private static Map<String, String> offered(ModelProvider provider) {
        Map<String, String> settings = new java.util.HashMap<>();
        ALL.forEach((key, value) -> {
            if (provider.settings().stream().anyMatch(s -> s.matches(key))) {
                settings.put(key, value);
            }
        });
        return settings;
    }

    private static List<String> names(ModelProvider provider) {
        return provider.settings().stream().map(Setting::name).toList();
    }

    @Test
    void openAiChatSendsEveryConfiguredOption() {
        ModelProvider provider = new OpenAiChatProvider();
        assertThat(names(provider)).contains("temperature", "top-p", "max-tokens", "stop", "seed", "reasoning-effort");

        JsonNode body = send(provider, "/v1", "openai-chat", "stream-text-usage.sse", offered(provider),
                ChatOptions.DEFAULTS);

        assertThat(body.get("temperature").asDouble()).isEqualTo(0.3);
        assertThat(body.get("top_p").asDouble()).isEqualTo(0.9);
        assertThat(body.get("max_tokens").asInt()).isEqualTo(321);
        assertThat(body.get("stop").toString()).isEqualTo("[\"END\",\"STOP\"]");
        assertThat(body.get("seed").asLong()).isEqualTo(7);
        assertThat(body.get("reasoning_effort").asString()).isEqualTo("low");
    }

    @Test
    void theCallsOwnOptionsWinOverTheConfiguredOnes() {
        ModelProvider provider = new OpenAiChatProvider();

        JsonNode body = send(provider, "/v1", "openai-chat", "stream-text-usage.sse", offered(provider),
                ChatOptions.DEFAULTS.withTemperature(0.8).withMaxTokens(50).withStop(List.of("DONE")));

        assertThat(body.get("temperature").asDouble()).isEqualTo(0.8);
        assertThat(body.get("max_tokens").asInt()).isEqualTo(50);
        assertThat(body.get("stop").toString()).isEqualTo("[\"DONE\"]");
        assertThat(body.get("seed").asLong()).as("not set by the call: the configured one").isEqualTo(7);
    }

    @Test
    void responsesSendsTemperatureTopPMaxOutputTokensAndReasoningEffort() {
        ModelProvider provider = new ResponsesProvider();
        assertThat(names(provider)).contains("temperature", "top-p", "max-tokens", "reasoning-effort")
                .doesNotContain("stop", "seed");

        JsonNode body = send(provider, "/v1", "openai-responses", "stream-text.sse", offered(provider),
                ChatOptions.DEFAULTS);

        assertThat(body.get("temperature").asDouble()).isEqualTo(0.3);
        assertThat(body.get("top_p").asDouble()).isEqualTo(0.9);
        assertThat(body.get("max_output_tokens").asInt()).isEqualTo(321);
        assertThat(body.at("/reasoning/effort").asString()).isEqualTo("low");
    }

    @Test
    void geminiSendsTheOptionsInItsGenerationConfig() {
        ModelProvider provider = new GeminiProvider();
        assertThat(names(provider)).contains("temperature", "top-p", "max-tokens", "stop", "seed");

        JsonNode body = send(provider, "/v1beta", "gemini", "stream-text.sse", offered(provider), ChatOptions.DEFAULTS);

        JsonNode generation = body.get("generationConfig");
        assertThat(generation.get("temperature").asDouble()).isEqualTo(0.3);
        assertThat(generation.get("topP").asDouble()).isEqualTo(0.9);
        assertThat(generation.get("maxOutputTokens").asInt()).isEqualTo(321);
        assertThat(generation.get("stopSequences").toString()).isEqualTo("[\"END\",\"STOP\"]");
        assertThat(generation.get("seed").asLong()).isEqualTo(7);
    }

    @Test
    void ollamaSendsTheOptionsInItsOptions() {
        ModelProvider provider = new OllamaProvider();
        assertThat(names(provider)).contains("temperature", "top-p", "max-tokens", "stop", "seed");

        JsonNode body = send(provider, "/", "ollama", "chat-stream-text.ndjson", offered(provider),
                ChatOptions.DEFAULTS);

        JsonNode options = body.get("options");
        assertThat(options.get("temperature").asDouble()).isEqualTo(0.3);
        assertThat(options.get("top_p").asDouble()).isEqualTo(0.9);
        assertThat(options.get("num_predict").asInt()).isEqualTo(321);
        assertThat(options.get("stop").toString()).isEqualTo("[\"END\",\"STOP\"]");
        assertThat(options.get("seed").asLong()).isEqualTo(7);
    }

    @Test
    void anthropicSendsTemperatureTopPMaxTokensAndStopSequences() {
        ModelProvider provider = new AnthropicProvider();
        assertThat(names(provider)).contains("temperature", "top-p", "max-tokens", "stop").doesNotContain("seed");

        JsonNode body = send(provider, "/v1", "anthropic", "stream-text.sse", offered(provider), ChatOptions.DEFAULTS);

        assertThat(body.get("temperature").asDouble()).isEqualTo(0.3);
        assertThat(body.get("top_p").asDouble()).isEqualTo(0.9);
        assertThat(body.get("max_tokens").asInt()).isEqualTo(321);
        assertThat(body.get("stop_sequences").toString()).isEqualTo("[\"END\",\"STOP\"]");
    }

    @Test
    void anOptionThatIsNotOfItsTypeIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> server.model(new OpenAiChatProvider(), "test-model", "/v1",
                Map.of("temperature", "hot")))
                .isInstanceOf(AgentException.class).hasMessage("setting temperature='hot' must be a number");
    }
}
