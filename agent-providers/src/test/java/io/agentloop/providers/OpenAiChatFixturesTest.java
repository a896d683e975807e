package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Every recorded response in {@code openai-chat/}, replayed with its recorded status. */
class OpenAiChatFixturesTest {
    private static final String API = "openai-chat";
    private final ProviderServer server = new ProviderServer();
    private final FixtureReplay fixtures = new FixtureReplay(server, new OpenAiChatProvider(), API, "/v1");

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void textNonStreaming() {
        Collected c = fixtures.replay("text.json", false);
        assertThat(c.text()).isEqualTo("Hello! I'm just a computer program, so I don't have feelings, but I'm here "
                + "to help you. How can I assist you today?");
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(new Usage(13, 31, 0, 0));
        assertThat(c.calls()).isEmpty();
    }

    @Test
    void streamTextWithUsageChunk() {
        Collected c = fixtures.replay("stream-text-usage.sse", true);
        assertThat(c.text()).isEqualTo("1, 2, 3, 4, 5");
        assertThat(c.events()).filteredOn(StreamEvent.TextDelta.class::isInstance).hasSizeGreaterThan(5);
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(new Usage(14, 13, 0, 0));
    }

    @Test
    void toolCallNonStreaming() {
        Collected c = fixtures.replay("tool-call.json", false);
        assertThat(c.calls()).containsExactly(new Collected.Call("call_olc8qHf1RDItRqwuEBNjsu3B", "getCurrentWeather",
                "{\"location\":\"Boston\"}", java.util.Optional.empty()));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(new Usage(81, 14, 0, 0));
    }

    @Test
    void streamParallelToolCalls() {
        Collected c = fixtures.replay("stream-parallel-tool-calls-usage.sse", true);
        assertThat(c.calls()).extracting(Collected.Call::id, Collected.Call::name, Collected.Call::arguments)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("call_q2UyBRP7eXNTzAoR8lEhjc9Z", "get_country", "{}"),
                        org.assertj.core.groups.Tuple.tuple("call_b51ijcpFkDiTQG1bQzsrmtW5", "get_product_name", "{}"));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(new Usage(364, 40, 0, 0));
    }

    @Test
    void streamToolCallArgumentsSplitOverChunks() {
        Collected c = fixtures.replay("stream-tool-call-args-split.sse", true);
        assertThat(c.calls()).singleElement().satisfies(call -> {
            assertThat(call.id()).isEqualTo("call_LwxJUB9KppVyogRRLQsamRJv");
            assertThat(call.name()).isEqualTo("get_weather");
            assertThat(call.arguments()).isEqualTo("{\"city\":\"Mexico City\"}");
        });
        assertThat(c.events()).filteredOn(StreamEvent.ToolCallArgumentsDelta.class::isInstance).hasSize(6);
        assertThat(c.usage()).isEqualTo(new Usage(423, 15, 0, 0));
    }

    @Test
    void streamToolCallWithArgumentsOverFiftyThreeChunks() {
        Collected c = fixtures.replay("stream-tool-call-long-args-many-chunks.sse", true);
        Collected.Call call = c.calls().get(0);
        assertThat(call.id()).isEqualTo("call_CCGIWaMeYWmxOQ91orkmTvzn");
        assertThat(call.name()).isEqualTo("final_result");
        assertThat(c.events()).filteredOn(StreamEvent.ToolCallArgumentsDelta.class::isInstance).hasSize(53);
        JsonNode arguments = JsonMapper.builder().build().readTree(call.arguments());
        assertThat(arguments.path("answers")).hasSize(3);
        assertThat(arguments.path("answers").path(1).path("answer").asString())
                .isEqualTo("The weather in Mexico City is currently sunny.");
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(new Usage(448, 62, 0, 0));
    }

    @Test
    void openRouterStreamWithAnSseCommentLine() {
        Collected c = fixtures.replay("openrouter-stream-text-sse-comments.sse", true);
        assertThat(c.text()).isEqualTo("test response");
        assertThat(c.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(c.usage()).isEqualTo(new Usage(586, 3, 0, 0));
    }

    @Test
    void deepSeekReasoningContentThenAnswer() {
        Collected c = fixtures.replay("deepseek-stream-reasoning-content.sse", true);
        assertThat(c.reasoning()).startsWith("Hmm, the user just said \"Hello\".").hasSize(882);
        assertThat(c.text()).isEqualTo("Hello there! 😊 How can I help you today?");
        assertThat(c.usage()).isEqualTo(new Usage(6, 212, 0, 198));
        // Reasoning came first, then the answer.
        int lastReasoning = lastIndexOf(c.events(), StreamEvent.ReasoningDelta.class);
        int firstText = c.events().indexOf(c.events().stream().filter(StreamEvent.TextDelta.class::isInstance)
                .findFirst().orElseThrow());
        assertThat(lastReasoning).isLessThan(firstText);
    }

    @Test
    void ollamaV1ToolCallWithReasoningNonStreaming() {
        Collected c = fixtures.replay("ollama-v1-tool-call-reasoning.json", false);
        assertThat(c.reasoning()).startsWith("The conversation: user asked \"What is the capital of France?\"");
        assertThat(c.calls()).containsExactly(new Collected.Call("call_o2vnpxrw", "final_result",
                "{\"city\":\"Paris\",\"country\":\"France\"}", java.util.Optional.empty()));
        assertThat(c.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
        assertThat(c.usage()).isEqualTo(new Usage(206, 194, 0, 0));
    }

    @Test
    void groqErrorEventInsideA200StreamIsAnError() {
        server.enqueue(Fixtures.response(API, "groq-stream-error-event-mid-stream.sse", 200));
        ChatModel model = server.model(new OpenAiChatProvider(), "openai/gpt-oss-120b", "/openai/v1", Map.of());
        ModelStream stream = model.stream(ChatRequest.of(List.of(UserMessage.of("hi")), List.of()),
                CancellationSignal.never());
        StringBuilder reasoning = new StringBuilder();

        assertThatThrownBy(() -> {
            while (true) {
                if (stream.next() instanceof StreamEvent.ReasoningDelta d) {
                    reasoning.append(d.text());
                }
            }
        }).isInstanceOf(NonRetryableModelException.class)
                .hasMessageStartingWith("OpenAI: error in the response stream invalid_request_error (tool_use_failed): "
                        + "Tool call validation failed");
        assertThat(reasoning.toString()).startsWith("We need to call the tool with invalid parameters first");
    }

    @Test
    void badRequestIsNotRetryableAndCarriesTheProvidersMessage() {
        assertThat(fixtures.failure("error-400-invalid-request.json", 400)).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: HTTP 400 invalid_request_error (unsupported_value): Unsupported value: "
                        + "'messages[0].role' does not support 'developer' with this model.");
    }

    @Test
    void unknownModelIsNotRetryable() {
        assertThat(fixtures.failure("error-404-model-not-found.json", 404)).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: HTTP 404 invalid_request_error (model_not_found): The model `gpt-5.2-proo` does "
                        + "not exist or you do not have access to it.");
    }

    @Test
    void openRouterRateLimitIsRetryable() {
        RuntimeException e = fixtures.failure("openrouter-error-429-rate-limit.json", 429);
        assertThat(e).isInstanceOf(RetryableModelException.class)
                .hasMessageStartingWith("OpenAI: HTTP 429: Rate limit exceeded: limit_rpm/meta-llama/llama-3.2-3b-instruct");
        assertThat(((RetryableModelException) e).retryAfter()).isEmpty();
    }

    private static int lastIndexOf(List<StreamEvent> events, Class<?> type) {
        int last = -1;
        for (int i = 0; i < events.size(); i++) {
            if (type.isInstance(events.get(i))) {
                last = i;
            }
        }
        return last;
    }
}
