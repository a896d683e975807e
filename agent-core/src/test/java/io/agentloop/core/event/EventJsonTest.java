package io.agentloop.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallState;
import io.agentloop.api.run.DecisionKind;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** An event written as JSON reads back as the same event: what a run made on another machine shows here. */
class EventJsonTest {

    @Test
    void everyEventOfARunReadsBackAsItWasWritten() {
        List<AgentEvent> events = List.of(
                new AgentEvent.RunStarted("run-1", "", Optional.of("run-0")),
                new AgentEvent.StateChanged(AgentState.PLANNING, AgentState.EXECUTING, Duration.ofMillis(3)),
                new AgentEvent.StateChanged(CallState.IDLE, CallState.STREAMING, Duration.ofNanos(1_500_000)),
                new AgentEvent.IterationStarted(1, 10),
                new AgentEvent.TextDelta("Hello"),
                new AgentEvent.ReasoningDelta("thinking"),
                new AgentEvent.ToolCallDelta(0, "c1", "read_file", ""),
                new AgentEvent.ToolCallDelta(0, "c1", "read_file", "{\"path\":"),
                new AgentEvent.ToolCallStarted("c1", "read_file", "{\"path\":\"a\"}"),
                new AgentEvent.ToolProgress("c1", "read_file", "half way"),
                new AgentEvent.ToolCallCompleted("c1", "read_file", true, Duration.ofMillis(12), ToolResult.success("text")),
                new AgentEvent.ToolCallPending("c2", "bash", "{\"command\":\"ls\"}", List.of("asks")),
                new AgentEvent.ToolError("c3", "bash", "denied", "no"),
                new AgentEvent.Retrying(2, Duration.ofSeconds(1), "429"),
                new AgentEvent.Compacted(40, 12, "summary"),
                new AgentEvent.Decision(DecisionKind.CONTINUE, "tools were called"),
                new AgentEvent.IterationCompleted(1, Duration.ofMillis(40), 1),
                new AgentEvent.UsageUpdated(new Usage(10, 5, 2, 1), new Usage(20, 10, 4, 2),
                        AgentEvent.UsageUpdated.Source.MODEL_CALL),
                new AgentEvent.SubAgent("helper", "agent-2", "run-2", "run-1", new AgentEvent.TextDelta("hi")));

        for (AgentEvent event : events) {
            assertThat(EventJson.read(EventJson.describe(event))).as(event.toString()).contains(event);
        }
    }

    @Test
    void aToolCallDeltaIsWrittenWithItsCallAndItsFragment() {
        assertThat(EventJson.describe(new AgentEvent.ToolCallDelta(1, "call_9", "get_weather", "{\"city\"")).toString())
                .isEqualTo("{\"type\":\"tool_call_delta\",\"index\":1,\"id\":\"call_9\",\"name\":\"get_weather\","
                        + "\"arguments_delta\":\"{\\\"city\\\"\"}");
    }

    @Test
    void anEventLineOfTheReleaseBeforeReadsWithTheNewStateNames() {
        JsonNode old = JsonMapper.builder().build().readTree(
                "{\"type\":\"state_changed\",\"machine\":\"agent\",\"from\":\"DECIDING\",\"to\":\"ACTING\","
                        + "\"elapsed_ms\":2}");

        assertThat(EventJson.read(old)).contains(
                new AgentEvent.StateChanged(AgentState.PLANNING, AgentState.EXECUTING, Duration.ofMillis(2)));
    }

    @Test
    void aToolOutputDeltaIsWrittenWithItsCallAndTextAndReadsBack() {
        AgentEvent.ToolOutputDelta delta = new AgentEvent.ToolOutputDelta("c1", "bash", "first line\n");

        tools.jackson.databind.node.ObjectNode line = EventJson.describe(delta);

        assertThat(line.path("type").asString()).isEqualTo("tool_output_delta");
        assertThat(line.path("id").asString()).isEqualTo("c1");
        assertThat(line.path("name").asString()).isEqualTo("bash");
        assertThat(line.path("text").asString()).isEqualTo("first line\n");
        assertThat(EventJson.read(line)).contains(delta);
    }

    @Test
    void aFailedToolCallReadsBackAsAFailureWithItsText() {
        AgentEvent.ToolCallCompleted failed = new AgentEvent.ToolCallCompleted("c1", "bash", false, Duration.ZERO,
                new ToolResult.Failure(ToolResult.Failure.TIMEOUT, "took too long"));

        AgentEvent read = EventJson.read(EventJson.describe(failed)).orElseThrow();

        assertThat(read).isInstanceOfSatisfying(AgentEvent.ToolCallCompleted.class, completed -> {
            assertThat(completed.ok()).isFalse();
            assertThat(completed.result().isError()).isTrue();
            assertThat(completed.result().content()).isEqualTo(failed.result().content());
        });
    }
}
