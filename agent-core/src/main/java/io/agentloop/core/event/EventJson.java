package io.agentloop.core.event;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.run.RunResult;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON event model: one object per {@link AgentEvent}, as {@code agentloop run --json} prints
 * them one per line and {@code agentloop serve} streams them as Server-Sent Events. Every object has
 * a {@code type}; the fields of each are listed in the README. Values are not redacted here: the
 * caller masks secrets in what it writes.
 */
public final class EventJson {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private EventJson() {
    }

    /**
     * One event as a JSON object: {@code type} (the snake_case event name) and its fields; a
     * sub-agent's event nested in a {@code sub_agent} object. The caller adds what it knows beside
     * (the agent's name, a {@code run_completed}'s cost).
     */
    public static ObjectNode describe(AgentEvent event) {
        ObjectNode line = JSON.createObjectNode();
        switch (event) {
            case AgentEvent.RunStarted e -> {
                line.put("type", "run_started").put("run_id", e.runId());
                e.parentRunId().ifPresent(parent -> line.put("parent_run_id", parent));
            }
            case AgentEvent.StateChanged e -> line.put("type", "state_changed")
                    .put("machine", e.from() instanceof AgentState ? "agent" : "call")
                    .put("from", e.from().toString()).put("to", e.to().toString()).put("elapsed_ms", millis(e.elapsed()));
            case AgentEvent.IterationStarted e -> line.put("type", "iteration_started").put("n", e.n()).put("max", e.max());
            case AgentEvent.TextDelta e -> line.put("type", "text_delta").put("text", e.text());
            case AgentEvent.ReasoningDelta e -> line.put("type", "reasoning_delta").put("text", e.text());
            case AgentEvent.ToolCallStarted e -> line.put("type", "tool_call_started").put("id", e.id())
                    .put("name", e.name()).put("arguments", e.arguments());
            case AgentEvent.ToolProgress e -> line.put("type", "tool_progress").put("id", e.id()).put("name", e.name())
                    .put("message", e.message());
            case AgentEvent.ToolCallCompleted e -> line.put("type", "tool_call_completed").put("id", e.id())
                    .put("name", e.name()).put("ok", e.ok()).put("duration_ms", millis(e.duration()))
                    .put("content", e.result().content());
            case AgentEvent.ToolCallPending e -> {
                line.put("type", "tool_call_pending").put("id", e.id()).put("name", e.name())
                        .put("arguments", e.arguments());
                tools.jackson.databind.node.ArrayNode reasons = line.putArray("reasons");
                e.reasons().forEach(reasons::add);
            }
            case AgentEvent.ToolError e -> line.put("type", "tool_error").put("id", e.id()).put("name", e.name())
                    .put("code", e.code()).put("message", e.message());
            case AgentEvent.Retrying e -> line.put("type", "retrying").put("attempt", e.attempt())
                    .put("delay_ms", millis(e.delay())).put("cause", e.cause());
            case AgentEvent.Compacted e -> line.put("type", "compacted").put("before", e.before()).put("after", e.after())
                    .put("strategy", e.strategy());
            case AgentEvent.Decision e -> line.put("type", "decision").put("kind", e.kind().name())
                    .put("reason", e.reason());
            case AgentEvent.IterationCompleted e -> line.put("type", "iteration_completed").put("n", e.n())
                    .put("duration_ms", millis(e.duration())).put("tool_calls", e.toolCalls());
            case AgentEvent.UsageUpdated e -> {
                line.put("type", "usage_updated");
                line.set("call", usage(e.call()));
                line.set("total", usage(e.total()));
                line.put("source", e.source().name().toLowerCase(Locale.ROOT));
            }
            case AgentEvent.RunCompleted e -> completed(line, e.result());
            case AgentEvent.PlanCreated e -> {
                line.put("type", "plan_created");
                line.set("steps", steps(e.steps()));
            }
            case AgentEvent.StepStarted e -> line.put("type", "step_started").put("id", e.id())
                    .put("description", e.description());
            case AgentEvent.StepCompleted e -> line.put("type", "step_completed").put("id", e.id()).put("ok", e.ok())
                    .put("result", e.result());
            case AgentEvent.Replanned e -> {
                line.put("type", "replanned").put("failed_step", e.failedStep());
                line.set("steps", steps(e.steps()));
            }
            case AgentEvent.SubAgent e -> {
                line.put("type", "sub_agent").put("run_id", e.runId()).put("parent_run_id", e.parentRunId());
                line.put("agent_id", e.agentId());
                line.set("event", describe(e.event()).put("agent", e.agent()));
            }
        }
        return line;
    }

    /** The fields of {@code run_completed}, for {@code result}. */
    public static void completed(ObjectNode line, RunResult result) {
        line.put("type", "run_completed").put("run_id", result.runId()).put("state", result.state().name());
        result.reason().ifPresent(reason -> line.put("reason", reason.name()));
        line.put("text", result.text()).put("iterations", result.iterations())
                .put("tool_calls", result.toolCalls().size()).put("duration_ms", millis(result.duration()));
        line.set("usage", usage(result.usage()));
        result.error().ifPresent(error -> line.put("error", error.getMessage()));
        result.output().ifPresent(value -> line.set("output", JSON.valueToTree(value)));
        if (result.awaitingApproval()) {
            // what a script needs to decide (agentloop approve/deny) without reading the session
            ArrayNode pending = line.putArray("pending");
            for (PendingCall call : result.pending()) {
                ObjectNode node = pending.addObject().put("id", call.call().id()).put("tool", call.call().name())
                        .put("arguments", call.call().arguments());
                call.reasons().forEach(node.putArray("reasons")::add);
                call.rememberAs().forEach(node.putArray("remember_as")::add);
            }
        }
    }

    private static ArrayNode steps(List<PlanStep> steps) {
        ArrayNode array = JSON.createArrayNode();
        for (PlanStep step : steps) {
            ObjectNode node = array.addObject().put("id", step.id()).put("description", step.description());
            step.dependsOn().forEach(node.putArray("depends_on")::add);
        }
        return array;
    }

    /** Token counts: {@code input}, {@code output}, {@code cached}, {@code reasoning}. */
    public static ObjectNode usage(Usage usage) {
        return JSON.createObjectNode().put("input", usage.inputTokens()).put("output", usage.outputTokens())
                .put("cached", usage.cachedInputTokens()).put("reasoning", usage.reasoningTokens());
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
