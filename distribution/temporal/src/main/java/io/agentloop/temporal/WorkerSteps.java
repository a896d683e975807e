package io.agentloop.temporal;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.Agent;
import io.agentloop.core.loop.Effects;
import io.agentloop.core.loop.InProcessEffects;
import io.agentloop.core.loop.LoopSettings;
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
 * the sandbox, secrets masked. Its events go to the run as they happen ({@link StepStream}), its record
 * lines with its outcome.
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
        return carryOut(step, agent, agent.settings(), (run, effects) -> Wire.modelOutcome(effects.callModel(request, false)));
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
        LoopSettings settings = agent.settings();
        try {
            settings = StepPermissions.permitted(step, call, agent.settings());
        } catch (IllegalArgumentException e) {
            plan = new CallPlan.Settle(call, new ToolResult.Failure(ToolResult.Failure.DENIED, "denied: "
                    + e.getMessage()));
        }
        CallPlan planned = plan;
        return carryOut(step, agent, settings, (run, effects) -> {
            CallOutcome outcome = effects.act(List.of(planned), List.of()).getFirst();
            return Wire.outcome(outcome);
        });
    }

    @Override
    public String compact(String input) {
        JsonNode step = Wire.read(input);
        Agent agent = agents.resolve(step.path("agent").asString());
        return carryOut(step, agent, agent.settings(), (run, effects) -> {
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

    @Override
    public String beforeReply(String input) {
        JsonNode step = Wire.read(input);
        Agent agent = agents.resolve(step.path("agent").asString());
        return carryOut(step, agent, agent.settings(), (run, effects) -> replied(() -> {
            ObjectNode out = Wire.object().put("kind", "done");
            out.set("messages", Wire.messages(run.hooks().beforeReply(Wire.messages(step.path("messages")))));
            return out;
        }));
    }

    @Override
    public String afterReply(String input) {
        JsonNode step = Wire.read(input);
        Agent agent = agents.resolve(step.path("agent").asString());
        return carryOut(step, agent, agent.settings(), (run, effects) -> replied(() -> {
            ObjectNode out = Wire.object().put("kind", "done");
            out.set("result", Wire.runResult(run.hooks().afterReply(Wire.runResult(step.path("result")))));
            return out;
        }));
    }

    /** A reply hook's failure is the step's outcome, as a local run's is its result: the run then fails. */
    private static ObjectNode replied(java.util.function.Supplier<ObjectNode> hooks) {
        try {
            return hooks.get();
        } catch (RuntimeException e) {
            ObjectNode out = Wire.object().put("kind", "failed");
            Wire.error(out, e instanceof io.agentloop.api.AgentException agent ? agent
                    : new io.agentloop.api.AgentException(e.toString(), e));
            return out;
        }
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
                            java.util.function.BiFunction<RunContext, InProcessEffects, ObjectNode> work) {
        ArrayNode journal = Wire.JSON.createArrayNode();
        ActivityExecutionContext context = Activity.getExecutionContext();
        RunControl control = new RunControl();
        String runId = step.path("run_id").asString();
        ObjectNode out;
        try (StepStream events = new StepStream(batch -> context.getWorkflowClient().newUntypedWorkflowStub(
                context.getInfo().getWorkflowId(), Optional.of(context.getInfo().getWorkflowRunId()), Optional.empty())
                .signal(AgentRun.STREAM, batch), control::aborted)) {
            RunContext run = RunContext.open(runId, settings, new EventPublisher(agent.id(), runId,
                            List.of(events)), control, Optional.empty(),
                    step.has("parent_run_id") ? Optional.of(step.get("parent_run_id").asString()) : Optional.empty(),
                    Wire.recording(line -> {
                        synchronized (journal) {
                            journal.add(line);
                        }
                    }));
            StepAttributes.load(step, run.attributes());
            try (Heartbeat beat = Heartbeat.start(context, options, control);
                 InProcessEffects effects = new InProcessEffects(run)) {
                out = work.apply(run, effects);
                beat.throwIfStopped();
            }
            ObjectNode attributes = StepAttributes.save(run.attributes());
            if (!attributes.isEmpty()) {
                out.set("attributes", attributes);
            }
            events.close(); // its last events sent before the outcome: the run has them first
            out.set("events", events.unsent());
        }
        out.set("journal", journal);
        return out.toString();
    }
}
