package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.providers.anthropic.AnthropicModel;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiModel;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.ProviderSettings;
import io.agentloop.providers.ollama.OllamaModel;
import io.agentloop.providers.openai.OpenAiChatModel;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.OpenAiResponsesModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each provider's typed builder makes a model that answers, with the settings it was given on the
 * wire; the typed form and the map form end in the same settings; wrong values are refused by name.
 */
class ModelBuildersTest {
    private static final UnaryOperator<String> NO_ENVIRONMENT = name -> null;
    private final ProviderServer server = new ProviderServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private String url(String path) {
        String base = server.server.url(path).toString();
        return base.substring(0, base.length() - 1);
    }

    private static String answer(ChatModel model) {
        return Collected.from(model.stream(ChatRequest.of(List.of(UserMessage.of("hi")), List.of()),
                CancellationSignal.never())).text();
    }

    @Test
    void openAiChatBuilderMakesAModelThatAnswersWithItsSettings() {
        server.enqueue(Fixtures.response("openai-chat", "text.json", 200));
        ChatModel model = OpenAiChatModel.builder().environment(NO_ENVIRONMENT).baseUrl(url("/v1/")).apiKey("k1")
                .model("gpt-test").stream(false).readTimeout(Duration.ofSeconds(30)).maxConnections(8)
                .header("X-Title", "builders").maxTokensField("max_completion_tokens")
                .defaultOptions(ChatOptions.DEFAULTS.withTemperature(0.2).withMaxTokens(100)).build();

        assertThat(answer(model)).startsWith("Hello! I'm just a computer program");
        ProviderServer.Received sent = server.take();
        assertThat(sent.path()).isEqualTo("/v1/chat/completions");
        assertThat(sent.header("Authorization")).isEqualTo("Bearer k1");
        assertThat(sent.header("X-Title")).isEqualTo("builders");
        assertThat(sent.body().path("model").asString()).isEqualTo("gpt-test");
        assertThat(sent.body().path("temperature").asDouble()).isEqualTo(0.2);
        assertThat(sent.body().path("max_completion_tokens").asInt()).isEqualTo(100);
    }

    @Test
    void responsesBuilderMakesAModelThatAnswers() {
        server.enqueue(Fixtures.response("openai-responses", "text.json", 200));
        ChatModel model = OpenAiResponsesModel.builder().environment(NO_ENVIRONMENT).baseUrl(url("/v1/"))
                .apiKey("k2").model("gpt-test").stream(false).callTimeout(Duration.ofMinutes(1)).build();

        assertThat(answer(model)).isEqualTo("The capital of France is Paris.");
        ProviderServer.Received sent = server.take();
        assertThat(sent.path()).isEqualTo("/v1/responses");
        assertThat(sent.header("Authorization")).isEqualTo("Bearer k2");
    }

    @Test
    void anthropicBuilderMakesAModelThatAnswersWithItsThinkingBudgetAndVersion() {
        server.enqueue(Fixtures.response("anthropic", "stream-text.sse", 200));
        ChatModel model = AnthropicModel.builder().environment(NO_ENVIRONMENT).baseUrl(url("/v1/")).apiKey("k3")
                .model("claude-test").thinkingBudget(2048).version("2024-01-01")
                .defaultOptions(ChatOptions.DEFAULTS.withMaxTokens(4096)).build();

        assertThat(answer(model)).isEqualTo("1\n2\n3\n4\n5");
        ProviderServer.Received sent = server.take();
        assertThat(sent.path()).isEqualTo("/v1/messages");
        assertThat(sent.header("x-api-key")).isEqualTo("k3");
        assertThat(sent.header("anthropic-version")).isEqualTo("2024-01-01");
        assertThat(sent.body().path("max_tokens").asInt()).isEqualTo(4096);
        assertThat(sent.body().path("thinking").path("budget_tokens").asInt()).isEqualTo(2048);
    }

    @Test
    void geminiBuilderMakesAModelThatAnswersWithThoughtsAskedFor() {
        server.enqueue(Fixtures.response("gemini", "stream-text.sse", 200));
        ChatModel model = GeminiModel.builder().environment(NO_ENVIRONMENT).baseUrl(url("/v1beta/")).apiKey("k4")
                .model("gemini-test").includeThoughts(true).build();

        assertThat(answer(model)).isEqualTo("The capital of France is Paris.\n");
        ProviderServer.Received sent = server.take();
        assertThat(sent.path()).isEqualTo("/v1beta/models/gemini-test:streamGenerateContent");
        assertThat(sent.header("x-goog-api-key")).isEqualTo("k4");
        assertThat(sent.body().path("generationConfig").path("thinkingConfig").path("includeThoughts").asBoolean())
                .isTrue();
    }

    @Test
    void ollamaBuilderMakesAModelThatAnswersWithThinkingTurnedOff() {
        server.enqueue(Fixtures.response("ollama", "chat-stream-text.ndjson", 200));
        ChatModel model = OllamaModel.builder().environment(NO_ENVIRONMENT).baseUrl(url("/")).model("gemma3:1b")
                .think(false).defaultOptions(ChatOptions.DEFAULTS.withSeed(7)).build();

        assertThat(answer(model)).isEqualTo("Okay, here we go!\n\n1, 2, 3, 4, 5\n");
        ProviderServer.Received sent = server.take();
        assertThat(sent.path()).isEqualTo("/api/chat");
        assertThat(sent.header("Authorization")).isNull();
        assertThat(sent.body().path("think").asBoolean(true)).isFalse();
        assertThat(sent.body().path("options").path("seed").asLong()).isEqualTo(7);
    }

    @Test
    void theTypedAndTheMapFormEndInTheSameSettings() {
        ProviderSettings typed = settingsOf(OpenAiChatModel.builder().environment(NO_ENVIRONMENT)
                .baseUrl("http://127.0.0.1:9/v1").apiKey("k").model("m").connectTimeout(Duration.ofMillis(250))
                .readTimeout(Duration.ofSeconds(30)).callTimeout(Duration.ofMinutes(2)).stream(false)
                .maxConnections(8).maxEventSize(512 << 10).maxResponseSize(16 << 20).header("X-Title", "t").build());
        ProviderSettings mapped = settingsOf(new OpenAiChatProvider(NO_ENVIRONMENT).create(new ModelConfig("m",
                Map.of("base-url", "http://127.0.0.1:9/v1", "api-key", "k", "connect-timeout", "250ms",
                        "read-timeout", "30s", "call-timeout", "2m", "stream", "false", "max-connections", "8",
                        "max-event-size", "512kb", "max-response-size", "16mb", "header.X-Title", "t"))));

        assertThat(typed).isEqualTo(mapped);
        assertThat(settingsOf(OpenAiChatModel.builder().environment(NO_ENVIRONMENT).baseUrl("http://127.0.0.1:9")
                .model("m").build()).maxConnections()).isEqualTo(ProviderSettings.DEFAULT_MAX_CONNECTIONS);
    }

    private static ProviderSettings settingsOf(ChatModel model) {
        return ((HttpChatModel<?>) model).settings();
    }

    @Test
    void typedValuesThatCannotBeAreRefusedNamingTheSetting() {
        OpenAiChatModel.Builder builder = OpenAiChatModel.builder();
        assertThatThrownBy(() -> builder.readTimeout(Duration.ofSeconds(-5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("read-timeout must not be negative, not PT-5S");
        assertThatThrownBy(() -> builder.maxConnections(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max-connections must be at least 1 (the calls expected at once), not 0");
        assertThatThrownBy(() -> builder.maxEventSize(2L << 30)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max-event-size must be from 1 byte to 1 GB, not 2147483648 bytes");
        assertThatThrownBy(() -> builder.baseUrl(" ")).hasMessage("base-url must not be blank");
        assertThatThrownBy(() -> AnthropicModel.builder().thinkingBudget(0))
                .hasMessage("thinking-budget must be at least 1 token, not 0");
        assertThatThrownBy(() -> AnthropicModel.builder().defaultOptions(ChatOptions.DEFAULTS.withSeed(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("anthropic does not take seed as default options; it takes temperature, top-p, "
                        + "max-tokens, stop");
        assertThatThrownBy(() -> OllamaModel.builder().build())
                .hasMessage("ollama: no model is set; name one with model(\"...\")");
        assertThatThrownBy(() -> GeminiModel.builder().environment(NO_ENVIRONMENT).baseUrl("localhost:8000")
                .model("m").apiKey("k").build()).isInstanceOf(AgentException.class)
                .hasMessage("setting base-url='localhost:8000' is not an http or https URL; write it like "
                        + "https://generativelanguage.googleapis.com/v1beta");
        assertThatThrownBy(() -> AnthropicModel.builder().environment(NO_ENVIRONMENT).model("m").build())
                .isInstanceOf(AgentException.class).hasMessageStartingWith("Anthropic needs an API key");
    }

    @Test
    void aBaseUrlHoldingAControlCharacterIsRefusedNamingTheSettingRatherThanFoldedIntoThePath() {
        assertThatThrownBy(() -> OpenAiChatModel.builder().environment(NO_ENVIRONMENT).model("m").apiKey("k")
                .baseUrl("http://localhost:8000/v1\nX-Injected: 1").build()).isInstanceOf(AgentException.class)
                .hasMessage("setting base-url='http://localhost:8000/v1\\nX-Injected: 1' holds a control character "
                        + "(\\n), which no URL holds; write it on one line, like https://api.openai.com/v1");
        assertThatThrownBy(() -> OpenAiChatModel.builder().environment(name -> name.equals("OPENAI_BASE_URL")
                ? "http://local\thost:8000/v1" : null).model("m").apiKey("k").build())
                .isInstanceOf(AgentException.class).hasMessageStartingWith("OPENAI_BASE_URL='http://local\\thost:8000/v1'"
                        + " holds a control character (\\t)");
    }

    @Test
    void mapValuesThatAreNotOfTheirTypeAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> new AnthropicProvider(NO_ENVIRONMENT).create(new ModelConfig("m",
                Map.of("api-key", "k", "read-timeout", "-5s")))).isInstanceOf(AgentException.class)
                .hasMessage("anthropic: read-timeout must not be negative, not PT-5S");
        assertThatThrownBy(() -> new OpenAiChatProvider(NO_ENVIRONMENT).create(new ModelConfig("m",
                Map.of("base-url", "http://127.0.0.1:9", "stream", "yes")))).isInstanceOf(AgentException.class)
                .hasMessage("setting stream='yes' must be true or false");
    }
}
