package io.agentloop.core.event;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.CallState;
import io.agentloop.api.run.DecisionKind;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON event model: one object per {@link AgentEvent}, as {@code agentloop run --json} prints
 * them one per line and {@code agentloop serve} streams them as Server-Sent Events. Every object has
 * a {@code type}; the fields of each are listed in docs/launcher.md. Values are not redacted here: the
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
            case AgentEvent.ToolCallDelta e -> line.put("type", "tool_call_delta").put("index", e.index())
                    .put("id", e.id()).put("name", e.name()).put("arguments_delta", e.fragment());
            case AgentEvent.ToolCallStarted e -> line.put("type", "tool_call_started").put("id", e.id())
                    .put("name", e.name()).put("arguments", e.arguments());
            case AgentEvent.ToolProgress e -> line.put("type", "tool_progress").put("id", e.id()).put("name", e.name())
                    .put("message", e.message());
            case AgentEvent.ToolOutputDelta e -> line.put("type", "tool_output_delta").put("id", e.id())
                    .put("name", e.name()).put("text", e.text());
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
            case AgentEvent.StepCompleted e -> {
                line.put("type", "step_completed").put("id", e.id()).put("ok", e.ok()).put("result", e.result());
                if (!e.files().isEmpty()) {
                    e.files().forEach(line.putArray("files")::add);
                }
            }
            case AgentEvent.PlanUpdated e -> {
                line.put("type", "plan_updated");
                ArrayNode entries = line.putArray("steps");
                e.entries().forEach(entry -> {
                    ObjectNode node = entries.addObject().put("id", entry.step().id())
                            .put("status", entry.status().wireName());
                    if (!entry.files().isEmpty()) {
                        entry.files().forEach(node.putArray("files")::add);
                    }
                });
            }
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
        if (!result.executableConfig().isEmpty()) {
            // files other programs run later that the run changed: what the user should read before running them
            result.executableConfig().forEach(line.putArray("executable_config")::add);
        }
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

    /**
     * The event an object of {@link #describe} stands for, read back: for a run whose events were
     * made elsewhere (a durable engine's workers) and are shown here. Empty for {@code run_completed}
     * (its result travels on its own) and the plan's events.
     */
    public static Optional<AgentEvent> read(JsonNode line) {
        return Optional.ofNullable(switch (line.path("type").asString()) {
            case "run_started" -> new AgentEvent.RunStarted(line.path("run_id").asString(), "",
                    line.has("parent_run_id") ? Optional.of(line.get("parent_run_id").asString()) : Optional.empty());
            case "state_changed" -> {
                boolean agent = line.path("machine").asString().equals("agent");
                String from = line.path("from").asString();
                String to = line.path("to").asString();
                // lines written by the release before name the outer states by their old names
                yield new AgentEvent.StateChanged(agent ? AgentState.named(from) : CallState.valueOf(from),
                        agent ? AgentState.named(to) : CallState.valueOf(to), duration(line, "elapsed_ms"));
            }
            case "iteration_started" -> new AgentEvent.IterationStarted(line.path("n").asInt(), line.path("max").asInt());
            case "text_delta" -> new AgentEvent.TextDelta(line.path("text").asString());
            case "reasoning_delta" -> new AgentEvent.ReasoningDelta(line.path("text").asString());
            case "tool_call_delta" -> new AgentEvent.ToolCallDelta(line.path("index").asInt(),
                    line.path("id").asString(), line.path("name").asString(), line.path("arguments_delta").asString());
            case "tool_call_started" -> new AgentEvent.ToolCallStarted(line.path("id").asString(),
                    line.path("name").asString(), line.path("arguments").asString());
            case "tool_progress" -> new AgentEvent.ToolProgress(line.path("id").asString(), line.path("name").asString(),
                    line.path("message").asString());
            case "tool_output_delta" -> new AgentEvent.ToolOutputDelta(line.path("id").asString(),
                    line.path("name").asString(), line.path("text").asString());
            case "tool_call_completed" -> {
                boolean ok = line.path("ok").asBoolean();
                String content = line.path("content").asString();
                yield new AgentEvent.ToolCallCompleted(line.path("id").asString(), line.path("name").asString(), ok,
                        duration(line, "duration_ms"), ok ? ToolResult.success(content) : failure(content));
            }
            case "tool_call_pending" -> {
                List<String> reasons = new ArrayList<>();
                line.path("reasons").forEach(reason -> reasons.add(reason.asString()));
                yield new AgentEvent.ToolCallPending(line.path("id").asString(), line.path("name").asString(),
                        line.path("arguments").asString(), reasons);
            }
            case "tool_error" -> new AgentEvent.ToolError(line.path("id").asString(), line.path("name").asString(),
                    line.path("code").asString(), line.path("message").asString());
            case "retrying" -> new AgentEvent.Retrying(line.path("attempt").asInt(), duration(line, "delay_ms"),
                    line.path("cause").asString());
            case "compacted" -> new AgentEvent.Compacted(line.path("before").asInt(), line.path("after").asInt(),
                    line.path("strategy").asString());
            case "decision" -> new AgentEvent.Decision(DecisionKind.valueOf(line.path("kind").asString()),
                    line.path("reason").asString());
            case "iteration_completed" -> new AgentEvent.IterationCompleted(line.path("n").asInt(),
                    duration(line, "duration_ms"), line.path("tool_calls").asInt());
            case "usage_updated" -> new AgentEvent.UsageUpdated(usage(line.path("call")), usage(line.path("total")),
                    AgentEvent.UsageUpdated.Source.valueOf(line.path("source").asString().toUpperCase(Locale.ROOT)));
            case "sub_agent" -> read(line.path("event")).map(inner -> (AgentEvent) new AgentEvent.SubAgent(
                    line.path("event").path("agent").asString(), line.path("agent_id").asString(),
                    line.path("run_id").asString(), line.path("parent_run_id").asString(), inner)).orElse(null);
            default -> null;
        });
    }

    /** A failure from what the model was shown of it ({@code Error (code): message}). */
    private static ToolResult failure(String content) {
        java.util.regex.Matcher shown = FAILURE.matcher(content);
        return shown.matches() ? new ToolResult.Failure(shown.group(1), shown.group(2))
                : new ToolResult.Failure(ToolResult.Failure.EXECUTION_FAILED, content);
    }

    private static final java.util.regex.Pattern FAILURE = java.util.regex.Pattern.compile(
            "Error \\(([A-Za-z0-9_]+)\\): (.*)", java.util.regex.Pattern.DOTALL);

    private static Usage usage(JsonNode node) {
        return new Usage(node.path("input").asLong(), node.path("output").asLong(), node.path("cached").asLong(),
                node.path("reasoning").asLong());
    }

    private static Duration duration(JsonNode line, String field) {
        return Duration.ofNanos(Math.round(line.path(field).asDouble() * 1e6));
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
