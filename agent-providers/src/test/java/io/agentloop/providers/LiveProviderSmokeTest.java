package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import io.agentloop.testkit.FakeTool;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Checks a real endpoint; runs only when {@code AGENTLOOP_LIVE_PROVIDER} names a provider
 * ({@code openai}, {@code anthropic}, {@code gemini}, {@code ollama}, {@code openai-responses}) and
 * {@code AGENTLOOP_LIVE_MODEL} a model. {@code AGENTLOOP_LIVE_BASE_URL} points elsewhere than the
 * provider's service (a local server); the key comes from the provider's usual variable. See the
 * docs/providers.md, "Checking a real endpoint".
 */
@EnabledIfEnvironmentVariable(named = "AGENTLOOP_LIVE_PROVIDER", matches = ".+")
class LiveProviderSmokeTest {

    private static Agent.Builder agent() {
        String id = System.getenv("AGENTLOOP_LIVE_PROVIDER");
        ModelProvider provider = switch (id) {
            case "openai" -> new OpenAiChatProvider();
            case "anthropic" -> new AnthropicProvider();
            case "gemini" -> new GeminiProvider();
            case "ollama" -> new OllamaProvider();
            case "openai-responses" -> new ResponsesProvider();
            default -> throw new IllegalArgumentException("AGENTLOOP_LIVE_PROVIDER=" + id + " is not a provider id");
        };
        Map<String, String> settings = new HashMap<>();
        String baseUrl = System.getenv("AGENTLOOP_LIVE_BASE_URL");
        if (baseUrl != null && !baseUrl.isBlank()) {
            settings.put("base-url", baseUrl);
        }
        String model = System.getenv("AGENTLOOP_LIVE_MODEL");
        assertThat(model).as("AGENTLOOP_LIVE_MODEL").isNotBlank();
        return Agent.builder().model(provider.create(new ModelConfig(model, settings)))
                .options(RunOptions.DEFAULTS.withMaxIterations(4));
    }

    @Test
    void aRealModelAnswers() {
        RunResult result = agent().build().run("Reply with exactly one word: pong");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text().toLowerCase()).contains("pong");
        assertThat(result.usage().outputTokens()).isPositive();
    }

    @Test
    void aRealModelCallsAToolAndUsesItsResult() {
        FakeTool add = FakeTool.named("add").readOnly().integerParameter("a", true).integerParameter("b", true)
                .returning(args -> Long.toString(args.integer("a").orElseThrow() + args.integer("b").orElseThrow()
                        + 1000));

        RunResult result = agent().tools(add).build()
                .run("Use the add tool to add 17 and 25. The tool is special: trust its result. Then state the result.");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(add.calls()).isNotEmpty();
        assertThat(add.calls().get(0).integer("a")).contains(17L);
        assertThat(add.calls().get(0).integer("b")).contains(25L);
        // The tool adds 1000, so the answer can only come from its result.
        assertThat(result.text().replace(",", "")).contains("1042");
    }
}
