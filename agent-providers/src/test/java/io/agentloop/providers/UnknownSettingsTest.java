package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.setting.Setting;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The map form knows its keys: a misspelt one is an error naming the known ones rather than a
 * setting silently left at its default, and every key a provider declares is one it reads.
 */
class UnknownSettingsTest {
    private static final UnaryOperator<String> NO_ENVIRONMENT = name -> null;

    static Stream<ModelProvider> providers() {
        return Stream.of(new OpenAiChatProvider(NO_ENVIRONMENT), new ResponsesProvider(NO_ENVIRONMENT),
                new AnthropicProvider(NO_ENVIRONMENT), new GeminiProvider(NO_ENVIRONMENT),
                new OllamaProvider(NO_ENVIRONMENT));
    }

    private static Map<String, String> working() {
        return new HashMap<>(Map.of("base-url", "http://127.0.0.1:9/v1", "api-key", "k"));
    }

    @ParameterizedTest
    @MethodSource("providers")
    void anUnknownKeyIsRefusedNamingTheKnownOnes(ModelProvider provider) {
        Map<String, String> settings = working();
        settings.put("read-timout", "30s");

        assertThatThrownBy(() -> provider.create(new ModelConfig("m", settings)))
                .isInstanceOf(AgentException.class)
                .hasMessageStartingWith(provider.id() + ": unknown setting 'read-timout'; known settings: base-url, "
                        + "api-key, connect-timeout, read-timeout, call-timeout, stream, max-connections, ");
    }

    @ParameterizedTest
    @MethodSource("providers")
    void everyDeclaredSettingIsOneTheProviderReads(ModelProvider provider) {
        Map<String, String> settings = working();
        for (Setting setting : provider.settings()) {
            settings.putIfAbsent(setting.name().replace("*", "X-Test"), sample(setting));
        }

        assertThat(provider.create(new ModelConfig("m", settings)).name()).isEqualTo("m");
    }

    private static String sample(Setting setting) {
        if (setting.name().startsWith("max-") && setting.name().endsWith("-size")) {
            return "1mb";
        }
        return switch (setting.type()) {
            case TEXT -> setting.name().equals("reasoning-effort") ? "low" : "value";
            case WHOLE_NUMBER -> "3";
            case NUMBER -> "0.5";
            case BOOLEAN -> "true";
            case DURATION -> "30s";
            case LIST -> "a, b";
        };
    }

    @ParameterizedTest
    @MethodSource("providers")
    void severalUnknownKeysAreNamedTogether(ModelProvider provider) {
        Map<String, String> settings = working();
        settings.putAll(Map.of("tempreature", "0.2", "max-token", "10"));

        assertThatThrownBy(() -> provider.create(new ModelConfig("m", settings)))
                .hasMessageStartingWith(provider.id() + ": unknown settings 'max-token', 'tempreature'; known");
    }
}
