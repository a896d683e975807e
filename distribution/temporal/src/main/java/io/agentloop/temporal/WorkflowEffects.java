package io.agentloop.temporal;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.loop.Effects;
import io.agentloop.core.loop.InProcessEffects;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.tool.CallOutcome;
import io.agentloop.core.tool.CallPlan;
import io.agentloop.core.tool.ToolSet;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgents;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.ChildWorkflowCancellationType;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.failure.CanceledFailure;
import io.temporal.failure.TimeoutFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The effect runner inside a run's workflow: each model call, tool call and compaction is an
 * activity ({@link Steps}), whose outcome the history keeps, so a replay hands the loop the same
 * outcomes without carrying anything out again. A call decided without running (a denial, a
 * repeat, a stop) is settled here, as the local runner does. Calls that wait for a person wait here
 * for the {@code decide} signal. Cancelling the workflow stops the step under way and the run ends
 * {@code CANCELLED}.
 */
final class WorkflowEffects implements Effects {
    static final String INTERRUPTED = "interrupted: the worker running this tool call was lost before it finished, and "
            + "the call was not run again. Check what it may have done before calling it again.";

    private final String runId;
    private final String agent;
    private final Agent definition;
    private final Consumer<Usage> subAgentUsage;
    private final LoopSettings settings;
    private final RunControl control;
    private final InProcessEffects local;
    private final Steps model;
    private final Steps repeatable;
    private final Steps once;
    private final Consumer<JsonNode> absorb;
    private final Decisions decisions;
    private final BiConsumer<String, List<String>> subAgentEvents;
    private final StepAttributes attributes;
    private final ObjectNode terms;

    /** Decisions signalled to the workflow, and the calls waiting for them now. */
    interface Decisions {
        void waitingFor(List<PendingCall> waiting);

        /** Blocks the workflow until every waiting call is decided; the decisions. */
        List<CallDecision> await(List<PendingCall> waiting);
    }

    /**
     * @param agent         the agent's name as the workers know it ({@link Agents#resolve})
     * @param definition    the agent: whose sub-agents' calls become child workflows
     * @param subAgentUsage where a sub-agent's tokens go: the run's usage, as a tool's
     * @param subAgentEvents a sub-agent's events by its call's id, for the run's stream to show within that call
     * @param attributes     the hooks' attributes every step is handed ({@code absorb} takes them back)
     * @param terms          the run's own permissions ({@code mode}, {@code allow}) and workspace, given to every
     *                       tool call's step and sub-agent; the rules said "always" to during the run join its
     *                       {@code allow}
     */
    WorkflowEffects(String runId, String agent, Agent definition, LoopSettings settings, RunControl control,
                    InProcessEffects local, DurableOptions durable, Consumer<JsonNode> absorb, Decisions decisions,
                    Consumer<Usage> subAgentUsage, BiConsumer<String, List<String>> subAgentEvents,
                    StepAttributes attributes, ObjectNode terms) {
        this.subAgentEvents = subAgentEvents;
        this.attributes = attributes;
        this.terms = terms;
        this.runId = runId;
        this.agent = agent;
        this.definition = definition;
        this.subAgentUsage = subAgentUsage;
        this.settings = settings;
        this.control = control;
        this.local = local;
        this.absorb = absorb;
        this.decisions = decisions;
        this.model = Workflow.newActivityStub(Steps.class, StepPolicies.model(settings.options(), durable));
        this.repeatable = Workflow.newActivityStub(Steps.class, StepPolicies.repeatableTool(settings.options(), durable));
        this.once = Workflow.newActivityStub(Steps.class, StepPolicies.onceTool(settings.options(), durable));
    }

    private ObjectNode step() {
        return attributes.into(Wire.object().put("run_id", runId).put("agent", agent));
    }

    @Override
    public ModelCall.Outcome callModel(ChatRequest request, boolean newIteration) {
        ObjectNode step = step().put("tool_choice", request.options().toolChoice().name());
        step.set("messages", Wire.messages(request.messages()));
        request.options().responseSchema().ifPresent(schema -> step.set("response_schema", Wire.JSON.valueToTree(schema)));
        JsonNode out;
        try {
            out = Wire.read(model.callModel(step.toString()));
        } catch (ActivityFailure | CanceledFailure failure) {
            return switch (lost(failure, "the model call")) {
                case null -> new ModelCall.Outcome.Aborted(java.util.Optional.empty());
                case String why -> new ModelCall.Outcome.Failed(new io.agentloop.api.AgentException(why));
            };
        }
        absorb.accept(out);
        return Wire.modelOutcome(out);
    }

    /** A call under way: a step (an activity), or a sub-agent's run (a child workflow, for {@code profile}). */
    private record Running(int place, Promise<String> outcome, Optional<String> profile) {
    }

    @Override
    public List<CallOutcome> act(List<CallPlan> plans, List<String> remember) {
        CallOutcome[] outcomes = new CallOutcome[plans.size()];
        List<Running> running = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            switch (plans.get(i)) {
                case CallPlan.Settle settle -> outcomes[i] = local.act(List.of(settle), List.of()).getFirst();
                case CallPlan.Run run -> {
                    boolean together = settings.options().parallelToolCalls() && concurrencySafe(run.call());
                    if (!together) {
                        join(plans, running, outcomes);
                    }
                    Optional<ToolResult> refused = run.approved() ? Optional.empty() : SubAgents.beyondFanOut(
                            definition, run.call(), (int) running.stream().filter(call -> call.profile().isPresent())
                                    .count());
                    if (refused.isPresent()) {
                        outcomes[i] = local.act(List.of(new CallPlan.Settle(run.call(), refused.get())), List.of())
                                .getFirst();
                    } else {
                        running.add(start(i, run, remember));
                    }
                    if (!together) {
                        join(plans, running, outcomes);
                    }
                }
            }
        }
        join(plans, running, outcomes);
        return List.of(outcomes);
    }

    /**
     * Starts a call: a hand-off to a sub-agent as a child workflow (a run of its own, durable on its
     * own, {@code agentloop-<run id>-<call id>}); any other call as a step. Once the run was cancelled
     * nothing can start, and the promise says so.
     */
    private Running start(int place, CallPlan.Run run, List<String> remember) {
        Optional<SubAgents.Handoff> handoff = run.approved() ? Optional.empty() : SubAgents.of(definition, run.call());
        try {
            if (handoff.isPresent()) {
                String child = runId + "-" + run.call().id();
                ObjectNode order = Wire.object().put("run_id", child).put("agent", agent + "/" + handoff.get().profile())
                        .put("task", handoff.get().task()).put("parent_run_id", runId);
                order.putArray("history");
                order.setAll(terms.deepCopy()); // a sub-agent is held to its parent's permissions
                AgentRun stub = Workflow.newChildWorkflowStub(AgentRun.class, ChildWorkflowOptions.newBuilder()
                        .setWorkflowId(DurableRuns.workflowId(child))
                        .setCancellationType(ChildWorkflowCancellationType.WAIT_CANCELLATION_COMPLETED).build());
                return new Running(place, Async.function(stub::run, order.toString()),
                        Optional.of(handoff.get().profile()));
            }
            remember.forEach(terms.withArray("allow")::add);
            ObjectNode step = step().put("approved", run.approved());
            step.set("call", Wire.call(run.call()));
            step.setAll(terms);
            Steps stub = safeToRepeat(run.call()) ? repeatable : once;
            return new Running(place, Async.function(stub::callTool, step.toString()), Optional.empty());
        } catch (CanceledFailure e) {
            return new Running(place, Workflow.newFailedPromise(e), handoff.map(SubAgents.Handoff::profile));
        }
    }

    private void join(List<CallPlan> plans, List<Running> running, CallOutcome[] outcomes) {
        for (Running call : running) {
            ToolCall asked = plans.get(call.place()).call();
            try {
                String out = call.outcome().get();
                if (call.profile().isPresent()) {
                    JsonNode returned = Wire.read(out);
                    subAgentEvents.accept(asked.id(), subAgentEvents(call.profile().get(), returned));
                    RunResult result = Wire.runResult(returned);
                    subAgentUsage.accept(result.usage());
                    outcomes[call.place()] = local.act(List.of(new CallPlan.Settle(asked,
                            SubAgents.result(call.profile().get(), result))), List.of()).getFirst();
                } else {
                    JsonNode step = Wire.read(out);
                    absorb.accept(step);
                    outcomes[call.place()] = Wire.outcome(step);
                }
            } catch (ActivityFailure | ChildWorkflowFailure | CanceledFailure failure) {
                String why = lost(failure, "tool '" + asked.name() + "'");
                ToolResult result = why == null
                        ? new ToolResult.Failure(ToolResult.Failure.CANCELLED, "the run was stopped while tool '"
                        + asked.name() + "' ran")
                        : safeToRepeat(asked) ? new ToolResult.Failure(ToolResult.Failure.EXECUTION_FAILED, why)
                        : new ToolResult.Failure(ToolResult.Failure.INTERRUPTED, INTERRUPTED);
                outcomes[call.place()] = local.act(List.of(new CallPlan.Settle(asked, result)), List.of()).getFirst();
            }
        }
        running.clear();
    }

    /**
     * A sub-agent's events as its parent's stream shows them: each in a {@code sub_agent} event, as
     * a local run forwards its sub-agents' events, in the sub-agent's order.
     */
    private List<String> subAgentEvents(String profile, JsonNode returned) {
        List<String> wrapped = new ArrayList<>();
        for (JsonNode event : returned.path("events")) {
            ObjectNode line = Wire.object().put("type", "sub_agent").put("run_id", returned.path("run_id").asString())
                    .put("parent_run_id", runId).put("agent_id", agent + "/" + profile);
            line.set("event", ((ObjectNode) event.deepCopy()).put("agent", profile));
            wrapped.add(line.toString());
        }
        return wrapped;
    }

    /**
     * Why a step did not come back: null when the run was stopped (the run control then says why),
     * else what to tell of the lost step.
     */
    private String lost(RuntimeException failure, String what) {
        Throwable cause = failure instanceof ActivityFailure activity ? activity.getCause()
                : failure instanceof ChildWorkflowFailure child ? child.getCause() : failure;
        if (cause instanceof CanceledFailure || control.aborted()) {
            control.abort(TerminalReason.CANCELLED, "the run was cancelled");
            return null;
        }
        if (cause instanceof TimeoutFailure timeout) {
            return what + " did not finish on any worker (" + timeout.getTimeoutType() + ", after every attempt its "
                    + "policy allows)";
        }
        return what + " failed on the worker: " + (cause == null ? failure.getMessage() : cause.getMessage());
    }

    @Override
    public Compaction compact(List<Message> conversation, int targetMessages, long targetTokens) {
        ObjectNode step = step().put("target_messages", targetMessages).put("target_tokens", targetTokens);
        step.set("messages", Wire.messages(conversation));
        JsonNode out;
        try {
            out = Wire.read(model.compact(step.toString()));
        } catch (ActivityFailure | CanceledFailure failure) {
            String why = lost(failure, "the compaction");
            return new Compaction.Failed(new io.agentloop.api.AgentException(why == null ? "the run was cancelled "
                    + "during its compaction" : why));
        }
        absorb.accept(out);
        if ("done".equals(out.path("kind").asString())) {
            return new Compaction.Done(Wire.messages(out.path("messages")), out.path("strategy").asString());
        }
        return new Compaction.Failed(Wire.error(out));
    }

    @Override
    public List<CallDecision> awaitDecisions(List<PendingCall> waiting) {
        if (control.aborted()) {
            return List.of();
        }
        decisions.waitingFor(waiting);
        try {
            return decisions.await(waiting);
        } catch (CanceledFailure e) {
            control.abort(TerminalReason.CANCELLED, "the run was cancelled while it waited for approval");
            return List.of();
        } finally {
            decisions.waitingFor(List.of());
        }
    }

    private boolean safeToRepeat(ToolCall call) {
        ToolSet.Entry entry = settings.tools().get(call.name());
        return entry != null && entry.tool().safeToRepeat();
    }

    private boolean concurrencySafe(ToolCall call) {
        ToolSet.Entry entry = settings.tools().get(call.name());
        return entry == null || entry.tool().concurrencySafe();
    }

    @Override
    public void iterationEnded() {
        // the iteration's limit is each step's own timeout
    }

    @Override
    public void close() {
        local.close();
    }
}
