package io.agentloop.temporal;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.Agent;
import io.agentloop.core.event.EventJson;
import io.agentloop.core.loop.Effects;
import io.agentloop.core.loop.InProcessEffects;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.loop.RunContext;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.tool.CallOutcome;
import io.agentloop.core.tool.CallPlan;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The steps as a worker carries them out: each in a run context of its own (the run's id, the
 * agent's settings, a fresh control), with the in-process effect runner the local loop uses, so a
 * step behaves here as it does in a local run: the reasoning and acting hooks, the permission gate,
 * the sandbox, secrets masked. Its events and record lines go back with its outcome.
 */
final class WorkerSteps implements Steps {
    private final Agents agents;
    private final DurableOptions options;

    WorkerSteps(Agents agents, DurableOptions options) {
        this.agents = agents;
        this.options = options;
    }

    @Override
    public String callModel(String input) {
        JsonNode step = Wire.read(input);
        Agent agent = agents.resolve(step.path("agent").asString());
        ChatOptions chat = agent.settings().chatOptions()
                .withToolChoice(ToolChoice.valueOf(step.path("tool_choice").asString()));
        if (step.has("response_schema")) {
            chat = chat.withResponseSchema(Wire.map(step.get("response_schema")));
        }
        ChatRequest request = new ChatRequest(Wire.messages(step.path("messages")), agent.settings().tools().specs(), chat);
        return carryOut(step, agent, agent.settings(), effects -> Wire.modelOutcome(effects.callModel(request, false)));
    }

    @Override
    public String callTool(String input) {
        JsonNode step = Wire.read(input);
        ToolCall call = Wire.call(step.get("call"));
        // the tools work in the run's own workspace, when its client gave one the worker may work in
        Agent agent;
        CallPlan plan = new CallPlan.Run(call, step.path("approved").asBoolean());
        try {
            agent = agents.resolve(step.path("agent").asString(), step.has("workspace")
                    ? Optional.of(Path.of(step.get("workspace").asString())) : Optional.empty());
        } catch (IllegalArgumentException e) {
            agent = agents.resolve(step.path("agent").asString());
            plan = new CallPlan.Settle(call, new ToolResult.Failure(ToolResult.Failure.DENIED, "denied: "
                    + e.getMessage()));
        }
        CallPlan planned = plan;
        return carryOut(step, agent, permitted(step, agent.settings()), effects -> {
            CallOutcome outcome = effects.act(List.of(planned), List.of()).getFirst();
            return Wire.outcome(outcome);
        });
    }

    /**
     * The agent's settings with a permission gate of the run's own: the client's mode (checked
     * against the workers' when the run started) and the rules said "always" to, for the client's
     * run and earlier in this one; the worker's deny and ask rules still win. A step without them
     * (a run started before they were sent) uses the worker's gate.
     */
    static LoopSettings permitted(JsonNode step, LoopSettings settings) {
        if (!step.has("mode") && !step.has("allow") && !step.has("remember")) {
            return settings;
        }
        PermissionPolicy policy = settings.permissions().policy();
        if (step.has("mode")) {
            policy = policy.withMode(PermissionMode.parse(step.get("mode").asString()));
        }
        PermissionGate gate = new PermissionGate(policy, Optional.empty());
        gate.remember(Wire.strings(step.path("allow")));
        gate.remember(Wire.strings(step.path("remember")));
        return settings.withPermissions(gate);
    }

    @Override
    public String compact(String input) {
        JsonNode step = Wire.read(input);
        Agent agent = agents.resolve(step.path("agent").asString());
        return carryOut(step, agent, agent.settings(), effects -> {
            ObjectNode out = Wire.object();
            switch (effects.compact(Wire.messages(step.path("messages")), step.path("target_messages").asInt(),
                    step.path("target_tokens").asLong())) {
                case Effects.Compaction.Done done -> {
                    out.put("kind", "done").put("strategy", done.strategy());
                    out.set("messages", Wire.messages(done.messages()));
                }
                case Effects.Compaction.Failed failed -> {
                    out.put("kind", "failed");
                    Wire.error(out, failed.error());
                }
            }
            return out;
        });
    }

    /**
     * Adds an event; streamed text joins the text event before it, so a step's outcome (kept in the
     * run's history) holds an answer's text in a few events, not one per token.
     */
    static void add(ArrayNode events, ObjectNode event) {
        String type = event.path("type").asString();
        if (!events.isEmpty() && (type.equals("text_delta") || type.equals("reasoning_delta"))) {
            JsonNode last = events.get(events.size() - 1);
            if (last.path("type").asString().equals(type)) {
                ((ObjectNode) last).put("text", last.path("text").asString() + event.path("text").asString());
                return;
            }
        }
        events.add(event);
    }

    private String carryOut(JsonNode step, Agent agent, LoopSettings settings,
                            java.util.function.Function<InProcessEffects, ObjectNode> work) {
        ArrayNode events = Wire.JSON.createArrayNode();
        ArrayNode journal = Wire.JSON.createArrayNode();
        AgentListener collect = event -> {
            synchronized (events) {
                add(events, EventJson.describe(event));
            }
        };
        RunControl control = new RunControl();
        RunContext run = RunContext.open(step.path("run_id").asString(), settings,
                new EventPublisher(agent.id(), step.path("run_id").asString(), List.of(collect)), control,
                Optional.empty(), Optional.empty(),
                Wire.recording(line -> {
                    synchronized (journal) {
                        journal.add(line);
                    }
                }));
        ActivityExecutionContext context = Activity.getExecutionContext();
        ObjectNode out;
        try (Heartbeat beat = Heartbeat.start(context, options, control);
             InProcessEffects effects = new InProcessEffects(run)) {
            out = work.apply(effects);
            beat.throwIfStopped();
        }
        out.set("events", events);
        out.set("journal", journal);
        return out.toString();
    }
}
