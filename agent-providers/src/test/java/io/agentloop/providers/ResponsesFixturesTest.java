package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.responses.ResponsesProvider;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every recorded response in {@code openai-responses/}, replayed with its recorded status. */
class ResponsesFixturesTest {
    private final ProviderServer server = new ProviderServer();
    private final FixtureReplay responses = new FixtureReplay(server, new ResponsesProvider(), "openai-responses", "/v1");

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void textNonStreaming() {
        Collected c = responses.replay("text.json", false);
        assertThat(c.text()).isEqualTo("The capital of France is Paris.");
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(Usage.of(14, 8));
    }

    @Test
    void functionCallNonStreamingUsesTheCallId() {
        Collected c = responses.replay("function-call.json", false);
        assertThat(c.calls()).containsExactly(new Collected.Call("call_YfwRsW8sUxDKipwyhWTzOXCA", "get_capital",
                "{\"country\":\"PotatoLand\"}", Optional.empty()));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(Usage.of(40, 18));
    }

    @Test
    void reasoningSummaryThenMessage() {
        Collected c = responses.replay("reasoning-summary.json", false);
        assertThat(c.reasoning()).startsWith("**Generating factorial function**\n\nI need to respond with a Python "
                + "function");
        assertThat(c.text()).startsWith("```python\ndef factorial(n: int) -> int:");
        assertThat(c.usage()).isEqualTo(new Usage(34, 226, 0, 59));
    }

    @Test
    void streamText() {
        Collected c = responses.replay("stream-text.sse", true);
        assertThat(c.text()).isEqualTo("The capital of France is Paris.");
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(Usage.of(278, 9));
    }

    @Test
    void streamFunctionCallArgumentDeltas() {
        Collected c = responses.replay("stream-function-call.sse", true);
        assertThat(c.calls()).containsExactly(new Collected.Call("call_kL0PCQV7M2WMoVX8V8OtYSAL", "get_capital",
                "{\"country\":\"France\"}", Optional.empty()));
        assertThat(c.events()).filteredOn(StreamEvent.ToolCallArgumentsDelta.class::isInstance).hasSize(5);
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(Usage.of(255, 16));
    }

    @Test
    void streamReasoningItemThenFunctionCallWithReasoningTokens() {
        Collected c = responses.replay("stream-reasoning-function-call-usage.sse", true);
        assertThat(c.calls()).containsExactly(new Collected.Call("call_CWXgs68YprAjp6t0371hiPOI", "final_result",
                "{\"result\":6666}", Optional.empty()));
        assertThat(c.events()).filteredOn(StreamEvent.ToolCallArgumentsDelta.class::isInstance).hasSize(6);
        assertThat(c.usage()).isEqualTo(new Usage(53, 469, 0, 448));
    }

    @Test
    void invalidParameterIsNotRetryable() {
        assertThat(responses.failure("error-400-invalid-parameter.json", 400))
                .isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI Responses: HTTP 400 invalid_request_error (decimal_below_min_value): Invalid "
                        + "'temperature': decimal below minimum value. Expected a value >= 0, but got -1 instead.");
    }

    @Test
    void unknownModelIsA400Here() {
        assertThat(responses.failure("error-400-model-not-found.json", 400))
                .isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI Responses: HTTP 400 invalid_request_error (model_not_found): The requested model "
                        + "'gpt-5.2-proo' does not exist.");
    }
}
