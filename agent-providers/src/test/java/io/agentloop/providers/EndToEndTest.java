package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.RecordingListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * The agent loop and a real provider against a local server replaying recorded turns: tool calls,
 * tool results sent back, a final answer, with one retry on the way. What the provider sends back
 * after the tools ran is compared with the request that was recorded for that turn.
 */
class EndToEndTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final ProviderServer server = new ProviderServer();
    private final ManualTimekeeper time = new ManualTimekeeper();
    private final RecordingListener events = new RecordingListener();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void openAiToolTurnsThenAnswerWithOneRetry() {
        server.enqueue(Fixtures.response("openai-chat", "stream-parallel-tool-calls-usage.sse", 200))
                .enqueue(new MockResponse.Builder().code(503).body("{\"error\":{\"message\":\"Service Unavailable\","
                        + "\"type\":\"server_error\"}}").build())
                .enqueue(Fixtures.response("openai-chat", "stream-tool-call-args-split.sse", 200))
                .enqueue(Fixtures.response("openai-chat", "stream-text-usage.sse", 200));
        Agent agent = Agent.builder()
                .model(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1", Map.of()))
                .tools(FakeTool.named("get_country").readOnly().returning("Mexico"),
                        FakeTool.named("get_product_name").readOnly().returning("Pydantic AI"),
                        FakeTool.named("get_weather").readOnly().stringParameter("city", true).returning("sunny"))
                .timekeeper(time).random(() -> 0.5).listeners(events)
                .build();

        RunResult result = agent.run("Tell me: the capital of the country; the weather there; the product name");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("1, 2, 3, 4, 5");
        assertThat(result.toolCalls()).extracting(r -> r.call().name(), r -> r.result())
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("get_country", ToolResult.success("Mexico")),
                        org.assertj.core.groups.Tuple.tuple("get_product_name", ToolResult.success("Pydantic AI")),
                        org.assertj.core.groups.Tuple.tuple("get_weather", ToolResult.success("sunny")));
        assertThat(result.toolCalls().get(2).call().arguments()).isEqualTo("{\"city\":\"Mexico City\"}");
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1));
        assertThat(events.transitions()).containsSubsequence("CALLING>RETRYING", "RETRYING>CALLING",
                "CALLING>STREAMING");

        List<JsonNode> sent = takeAll(4);
        // The retried request is the same request again.
        assertThat(sent.get(2)).isEqualTo(sent.get(1));
        // After the first tool turn we send what was recorded for that turn.
        JsonNode recorded = JSON.readTree(Fixtures.read("openai-chat", "stream-tool-call-args-split.request.json"));
        assertThat(sent.get(1).path("messages")).isEqualTo(recorded.path("messages"));
        assertThat(sent.get(1).path("stream_options")).isEqualTo(recorded.path("stream_options"));
    }

    @Test
    void anthropicToolTurnThenAnswerAfterAnOverloadedStream() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream")
                        .body(ProviderStreams.ANTHROPIC_TOOL_USE_START + ProviderStreams.ANTHROPIC_OVERLOADED).build())
                .enqueue(Fixtures.response("anthropic", "stream-parallel-tool-use.sse", 200))
                .enqueue(Fixtures.response("anthropic", "stream-text-after-tool-result.sse", 200));
        AtomicInteger calls = new AtomicInteger();
        // Not concurrency-safe, so its two calls run in order: Charles, then Sammy.
        FakeTool names = FakeTool.named("pelican_name_generator")
                .returning(args -> calls.incrementAndGet() == 1 ? "Charles" : "Sammy");
        Agent agent = Agent.builder()
                .model(server.model(new AnthropicProvider(), "claude-haiku-4-5-20251001", "/v1", Map.of()))
                .tools(names).timekeeper(time).random(() -> 0.5).listeners(events)
                .permissions(PermissionPolicy.of(List.of("pelican_name_generator"), List.of(), List.of()))
                .build();

        RunResult result = agent.run("Two names for a pet pelican");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).startsWith("Here are two great names for your pet pelican:\n\n1. **Charles**");
        // The tool call cut off by the overloaded stream never reached the loop.
        assertThat(names.calls()).hasSize(2);
        assertThat(result.toolCalls()).extracting(r -> r.call().id())
                .containsExactly("toolu_01LtHJmixrs9NcWQkK8hu8hj", "toolu_01N8a4jWyf116qKTMqKKmjyt");
        assertThat(result.messages()).filteredOn(ToolMessage.class::isInstance).hasSize(1);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1));
        assertThat(events.transitions()).containsSubsequence("CALLING>STREAMING", "STREAMING>RETRYING",
                "RETRYING>CALLING", "CALLING>STREAMING", "STREAMING>TOOL_EXECUTING", "TOOL_EXECUTING>SUCCESS",
                "EXECUTING>OBSERVING");

        List<JsonNode> sent = takeAll(3);
        JsonNode recorded = JSON.readTree(Fixtures.read("anthropic", "stream-text-after-tool-result.request.json"));
        JsonNode ours = sent.get(2).path("messages");
        JsonNode theirs = recorded.path("messages");
        assertThat(ours.path(0)).isEqualTo(theirs.path(0));
        assertThat(toolUses(ours.path(1))).isEqualTo(toolUses(theirs.path(1)));
        assertThat(ours.path(2)).isEqualTo(theirs.path(2));
        assertThat(sent.get(2).path("max_tokens")).isEqualTo(recorded.path("max_tokens"));
    }

    /** The tool_use blocks of an assistant message (the recording also had a blank text block). */
    private static JsonNode toolUses(JsonNode message) {
        ArrayNode blocks = JSON.createArrayNode();
        for (JsonNode block : message.path("content")) {
            if ("tool_use".equals(block.path("type").asString(""))) {
                blocks.add(block);
            }
        }
        return blocks;
    }

    private List<JsonNode> takeAll(int count) {
        List<JsonNode> bodies = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            bodies.add(server.take().body());
        }
        return bodies;
    }
}
