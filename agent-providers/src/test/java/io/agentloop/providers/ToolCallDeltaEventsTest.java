package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.core.Agent;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.RecordingListener;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A call shows as it forms: each provider's recorded streamed tool call, run through the agent loop,
 * reaches listeners as {@code tool_call_delta} events, one naming the call and then one per argument
 * fragment the API sent, before the call runs.
 */
class ToolCallDeltaEventsTest {
    private final ProviderServer server = new ProviderServer();
    private final RecordingListener events = new RecordingListener();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void openAiChatArgumentsSplitOverSixChunks() {
        RunResult result = run(new OpenAiChatProvider(), "/v1", "openai-chat", "stream-tool-call-args-split.sse",
                "stream-text-usage.sse", "get_weather");

        assertFormedAsStreamed(result, "call_LwxJUB9KppVyogRRLQsamRJv", "get_weather", 6);
        assertThat(fragments("call_LwxJUB9KppVyogRRLQsamRJv")).isEqualTo("{\"city\":\"Mexico City\"}");
    }

    @Test
    void anthropicInputJsonDeltas() {
        RunResult result = run(new AnthropicProvider(), "/v1", "anthropic", "stream-tool-use-input-json-delta.sse",
                "stream-text.sse", "get_exchange_rate");

        // Nine input_json_delta events, the first of them empty: eight fragments.
        assertFormedAsStreamed(result, "toolu_01EFn5wTNBYA8Reni8rbmnHT", "get_exchange_rate", 8);
    }

    @Test
    void geminiWholeFunctionCallIsOneFragment() {
        RunResult result = run(new GeminiProvider(), "/v1beta", "gemini", "stream-function-call-thought-signature.sse",
                "stream-text.sse", "get_country");

        String id = result.toolCalls().getFirst().call().id();
        assertFormedAsStreamed(result, id, "get_country", 1);
    }

    @Test
    void responsesFunctionCallArgumentsDeltas() {
        RunResult result = run(new ResponsesProvider(), "/v1", "openai-responses", "stream-function-call.sse",
                "stream-text.sse", "get_capital");

        String id = result.toolCalls().getFirst().call().id();
        assertFormedAsStreamed(result, id, "get_capital", 5);
    }

    /** A tool round from {@code calls}, then the answer from {@code answer}, with listeners on. */
    private RunResult run(ModelProvider provider, String basePath, String api, String calls, String answer,
                          String tool) {
        server.enqueue(Fixtures.response(api, calls, 200)).enqueue(Fixtures.response(api, answer, 200));
        Agent agent = Agent.builder().model(server.model(provider, "test-model", basePath, Map.of()))
                .tools(FakeTool.named(tool).readOnly().returning("done")).listeners(events).build();
        RunResult result = agent.run("Go");
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        return result;
    }

    /**
     * The call's first delta names it with no fragment; the next ones are the API's argument
     * fragments, as many as the provider's stream had, joining to the arguments the call ran with;
     * all of them come before the call starts.
     */
    private void assertFormedAsStreamed(RunResult result, String id, String name, int fragments) {
        ToolCallRecord ran = result.toolCalls().stream().filter(r -> r.call().id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no call " + id + " ran: " + result.toolCalls()));
        List<AgentEvent.ToolCallDelta> deltas = deltas(id);
        assertThat(deltas).isNotEmpty().allSatisfy(d -> {
            assertThat(d.name()).isEqualTo(name);
            assertThat(d.index()).isEqualTo(deltas.getFirst().index());
        });
        assertThat(deltas.getFirst().fragment()).isEmpty();
        assertThat(deltas.subList(1, deltas.size())).hasSize(fragments).allSatisfy(d -> assertThat(d.fragment()).isNotEmpty());
        assertThat(fragments(id)).isEqualTo(ran.call().arguments());

        List<AgentEvent> all = events.events();
        int lastDelta = all.lastIndexOf(deltas.getLast());
        int started = all.indexOf(all.stream().filter(e -> e instanceof AgentEvent.ToolCallStarted s
                && s.id().equals(id)).findFirst().orElseThrow());
        assertThat(lastDelta).as("the call formed before it ran").isLessThan(started);
    }

    private List<AgentEvent.ToolCallDelta> deltas(String id) {
        return events.ofType(AgentEvent.ToolCallDelta.class).stream().filter(d -> d.id().equals(id)).toList();
    }

    private String fragments(String id) {
        StringBuilder joined = new StringBuilder();
        deltas(id).forEach(d -> joined.append(d.fragment()));
        return joined.toString();
    }

    @Test
    void eachArgumentsDeltaOfTheStreamIsOneEvent() {
        server.enqueue(Fixtures.response("openai-chat", "stream-tool-call-long-args-many-chunks.sse", 200));
        long streamed = Collected.from(server.model(new OpenAiChatProvider(), "m", "/v1", Map.of())
                        .stream(ChatRequest.of(List.of(UserMessage.of("Go")), List.of()), CancellationSignal.never()))
                .events().stream().filter(StreamEvent.ToolCallArgumentsDelta.class::isInstance).count();
        server.take();

        RunResult result = run(new OpenAiChatProvider(), "/v1", "openai-chat",
                "stream-tool-call-long-args-many-chunks.sse", "stream-text-usage.sse", "final_result");

        assertFormedAsStreamed(result, "call_CCGIWaMeYWmxOQ91orkmTvzn", "final_result", (int) streamed);
    }
}
