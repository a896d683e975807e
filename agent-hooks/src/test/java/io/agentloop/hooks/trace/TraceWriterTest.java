package io.agentloop.hooks.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.RunEvent;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class TraceWriterTest {

    @Test
    void everyTransitionModelCallAndToolCallIsOneJsonLineWithDurations() {
        StringWriter out = new StringWriter();
        TraceWriter trace = new TraceWriter(out, SecretRedactor.shapes(), Clock.systemUTC());
        ScriptedChatModel model = ScriptedChatModel.script().usage(Usage.of(100, 10))
                .toolCalls(ToolCall.of("c1", "fail", "{}")).answer("done").build();
        FakeTool fail = FakeTool.named("fail").readOnly()
                .throwing(new IllegalStateException("boom with sk-proj-AbCdEfGhIjKlMnOpQrStUv"));

        Agent.builder().model(model).tools(fail).listeners(trace).name("tracer").build().run("go");

        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> lines = out.toString().lines().map(json::readTree).toList();
        assertThat(lines).allSatisfy(line -> assertThat(line.path("run_id").asString()).startsWith("run-"));
        assertThat(lines.getFirst().path("type").asString()).isEqualTo("run_started");
        assertThat(lines).as("every line names the agent").allSatisfy(line -> assertThat(line.path("agent")
                .asString()).isEqualTo("tracer"));
        assertThat(lines.getLast().path("type").asString()).isEqualTo("run_completed");
        assertThat(lines.getLast().path("reason").asString()).isEqualTo("ANSWERED");
        assertThat(lines.getLast().path("iterations").asInt()).isEqualTo(2);
        assertThat(lines.getLast().path("tool_calls").asInt()).isEqualTo(1);
        assertThat(lines.getLast().path("failed_tool_calls").asInt()).isEqualTo(1);
        assertThat(lines.getLast().path("input_tokens").asLong()).isEqualTo(200);
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("transition"))
                .extracting(l -> l.path("machine").asString()).contains("agent", "call");
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("transition"))
                .allSatisfy(l -> assertThat(l.path("in_state_ms").asDouble()).isNotNegative());
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("model_call")).hasSize(2)
                .allSatisfy(l -> {
                    assertThat(l.path("input_tokens").asLong()).isEqualTo(100);
                    assertThat(l.path("duration_ms").asDouble()).isNotNegative();
                });
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("tool_call")).singleElement()
                .satisfies(l -> {
                    assertThat(l.path("tool").asString()).isEqualTo("fail");
                    assertThat(l.path("ok").asBoolean()).isFalse();
                    assertThat(l.path("error").asString()).isNotBlank();
                });
        assertThat(out.toString()).doesNotContain("sk-proj-");
    }

    @Test
    void concurrentRunsOfOneAgentEachGetTheirOwnLinesAndCounters() {
        StringWriter out = new StringWriter();
        TraceWriter trace = new TraceWriter(out, SecretRedactor.shapes(), Clock.systemUTC());

        // Two runs of one agent, interleaved as concurrent runs are: the first run's tool call comes
        // after the second run started.
        trace.onRunEvent(new RunEvent("agent-1", "run-a", new AgentEvent.RunStarted("run-a", "shared", Optional.empty())));
        trace.onRunEvent(new RunEvent("agent-1", "run-b", new AgentEvent.RunStarted("run-b", "shared", Optional.empty())));
        trace.onRunEvent(new RunEvent("agent-1", "run-a", new AgentEvent.ToolCallCompleted("c1", "read", true,
                Duration.ofMillis(3), ToolResult.success("ok"))));

        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> lines = out.toString().lines().map(json::readTree).toList();
        assertThat(lines).filteredOn(l -> l.path("type").asString().equals("tool_call")).singleElement()
                .satisfies(l -> assertThat(l.path("run_id").asString()).isEqualTo("run-a"));
    }

    @Test
    void aSubAgentsRunIsTracedInItsOwnLinesNamingItAndItsParentRun() {
        StringWriter out = new StringWriter();
        TraceWriter trace = new TraceWriter(out, SecretRedactor.shapes(), Clock.systemUTC());
        FakeTool clock = FakeTool.named("clock").readOnly().returning("12:00");
        ScriptedChatModel child = ScriptedChatModel.script().usage(Usage.of(10, 1))
                .toolCalls(ToolCall.of("k1", "clock", "{}")).answer("noon").build();
        ScriptedChatModel parent = ScriptedChatModel.script().usage(Usage.of(100, 10))
                .toolCalls(ToolCall.of("c1", "task", "{\"agent\":\"helper\",\"task\":\"time?\"}"))
                .answer("It is noon.").build();

        RunResult result = Agent.builder().model(parent).name("lead").listeners(trace).subAgents(SubAgentProfile.of(
                "helper", "Tells the time.", "You help.", List.of(clock)).withModel(child)).build().run("go");

        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> lines = out.toString().lines().map(json::readTree).toList();
        List<JsonNode> own = lines.stream().filter(l -> l.path("run_id").asString().equals(result.runId())).toList();
        List<JsonNode> sub = lines.stream().filter(l -> !l.path("run_id").asString().equals(result.runId())).toList();
        assertThat(own).allSatisfy(l -> {
            assertThat(l.path("agent").asString()).isEqualTo("lead");
            assertThat(l.has("parent_run_id")).isFalse();
        });
        assertThat(sub).isNotEmpty().allSatisfy(l -> {
            assertThat(l.path("agent").asString()).isEqualTo("helper");
            assertThat(l.path("parent_run_id").asString()).isEqualTo(result.runId());
        });
        assertThat(sub.getFirst().path("type").asString()).isEqualTo("run_started");
        assertThat(sub.getLast().path("type").asString()).isEqualTo("run_completed");
        assertThat(sub.getLast().path("tool_calls").asInt()).as("the sub-run's counters are its own").isEqualTo(1);
        assertThat(sub.getLast().path("input_tokens").asLong()).isEqualTo(20);
        assertThat(own.getLast().path("type").asString()).isEqualTo("run_completed");
        assertThat(own.getLast().path("tool_calls").asInt()).isEqualTo(1);
        assertThat(own.getLast().path("input_tokens").asLong()).as("the sub-agent's tokens roll up").isEqualTo(220);
        assertThat(sub).filteredOn(l -> l.path("type").asString().equals("tool_call"))
                .extracting(l -> l.path("tool").asString()).containsExactly("clock");
    }

    @Test
    void aSubAgentsModelCallsAreTracedOnceUnderItsOwnRunNotAgainUnderTheParent() {
        StringWriter out = new StringWriter();
        TraceWriter trace = new TraceWriter(out, SecretRedactor.shapes(), Clock.systemUTC());
        ScriptedChatModel child = ScriptedChatModel.script().usage(Usage.of(10, 1)).answer("noon").build();
        ScriptedChatModel parent = ScriptedChatModel.script().usage(Usage.of(100, 10))
                .toolCalls(ToolCall.of("c1", "task", "{\"agent\":\"helper\",\"task\":\"time?\"}"))
                .answer("It is noon.").build();

        RunResult result = Agent.builder().model(parent).name("lead").listeners(trace).subAgents(SubAgentProfile.of(
                "helper", "Tells the time.", "You help.", List.of()).withModel(child)).build().run("go");

        JsonMapper json = JsonMapper.builder().build();
        List<JsonNode> calls = out.toString().lines().map(json::readTree)
                .filter(l -> l.path("type").asString().equals("model_call")).toList();
        assertThat(calls).extracting(l -> l.path("agent").asString() + ":" + l.path("input_tokens").asLong())
                .as("two calls of the lead, one of the helper, and no line for the helper's tokens under the lead")
                .containsExactlyInAnyOrder("lead:100", "lead:100", "helper:10");
        assertThat(calls.stream().mapToLong(l -> l.path("input_tokens").asLong()).sum())
                .as("the model_call lines add up to the run's total").isEqualTo(result.usage().inputTokens());
        assertThat(calls.stream().mapToLong(l -> l.path("output_tokens").asLong()).sum())
                .isEqualTo(result.usage().outputTokens());
    }
}
