package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.providers.gemini.GeminiProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every recorded response in {@code gemini/}, replayed with its recorded status. */
class GeminiFixturesTest {
    private final ProviderServer server = new ProviderServer();
    private final FixtureReplay gemini = new FixtureReplay(server, new GeminiProvider(), "gemini", "/v1beta");

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void textNonStreamingCountsThoughtTokensAsOutput() {
        Collected c = gemini.replay("text.json", false);
        assertThat(c.text()).isEqualTo("Hello! How can I help you today?");
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(new Usage(9, 9 + 34, 0, 34));
    }

    @Test
    void parallelFunctionCallsWithTheThoughtSignatureOnTheFirst() {
        Collected c = gemini.replay("parallel-function-calls.json", false);
        assertThat(c.calls()).extracting(Collected.Call::id, Collected.Call::name, Collected.Call::arguments)
                .containsExactly(tuple("wOd8abGuO5rgz7IP5tLEGA_0", "generate_topic", "{}"),
                        tuple("wOd8abGuO5rgz7IP5tLEGA_1", "generate_topic", "{}"),
                        tuple("wOd8abGuO5rgz7IP5tLEGA_2", "generate_topic", "{}"));
        assertThat(c.calls().get(0).signature()).hasValueSatisfying(s -> assertThat(s).startsWith("Es8FCswFAXLI")
                .hasSize(964));
        assertThat(c.calls().get(1).signature()).isEmpty();
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(new Usage(83, 30 + 190, 0, 190));
    }

    @Test
    void streamTextWithCrlfLineEndings() {
        Collected c = gemini.replay("stream-text.sse", true);
        assertThat(c.text()).isEqualTo("The capital of France is Paris.\n");
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(Usage.of(13, 8));
    }

    @Test
    void streamThoughtSummariesThenTheAnswer() {
        Collected c = gemini.replay("stream-thinking.sse", true);
        assertThat(c.reasoning()).startsWith("**Clarifying User Goals**\n\nI'm currently focused on defining")
                .hasSize(1575);
        assertThat(c.text()).startsWith("This is a great question! Safely crossing the street").hasSize(1938);
        assertThat(c.usage()).isEqualTo(new Usage(34, 469 + 787, 0, 787));
    }

    @Test
    void streamFunctionCallKeepsItsThoughtSignature() {
        Collected c = gemini.replay("stream-function-call-thought-signature.sse", true);
        assertThat(c.calls()).singleElement().satisfies(call -> {
            assertThat(call.id()).isEqualTo("QUVVadTSNJ6_qtsPvN7J8Q0_0");
            assertThat(call.name()).isEqualTo("get_country");
            assertThat(call.arguments()).isEqualTo("{}");
            assertThat(call.signature()).hasValueSatisfying(s -> assertThat(s).startsWith("EpwICpkIAXLI").hasSize(1408));
        });
        assertThat(c.text()).isEmpty();
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(new Usage(29, 10 + 202, 0, 202));
    }

    @Test
    void unknownModelIsNotRetryable() {
        assertThat(gemini.failure("error-404-model-not-found.json", 404)).isInstanceOf(NonRetryableModelException.class)
                .hasMessageStartingWith("Gemini: HTTP 404 NOT_FOUND: models/gemini-3.6-flahs is not found for API "
                        + "version v1beta");
    }

    @Test
    void permissionDeniedSaysWhichVariableHoldsTheKey() {
        assertThat(gemini.failure("error-403-permission-denied.json", 403))
                .isInstanceOf(NonRetryableModelException.class)
                .hasMessageStartingWith("Gemini: HTTP 403 PERMISSION_DENIED: Method doesn't allow unregistered callers")
                .hasMessageEndingWith("Check the API key: set GEMINI_API_KEY (or the provider's api-key setting) to a "
                        + "valid key");
    }
}
