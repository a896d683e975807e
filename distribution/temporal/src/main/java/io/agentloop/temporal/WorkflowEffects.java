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
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.failure.TimeoutFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
    private final LoopSettings settings;
    private final RunControl control;
    private final InProcessEffects local;
    private final Steps model;
    private final Steps repeatable;
    private final Steps once;
    private final Consumer<JsonNode> absorb;
    private final Decisions decisions;

    /** Decisions signalled to the workflow, and the calls waiting for them now. */
    interface Decisions {
        void waitingFor(List<PendingCall> waiting);

        /** Blocks the workflow until every waiting call is decided; the decisions. */
        List<CallDecision> await(List<PendingCall> waiting);
    }

    WorkflowEffects(String runId, String agent, LoopSettings settings, RunControl control, InProcessEffects local,
                    DurableOptions durable, Consumer<JsonNode> absorb, Decisions decisions) {
        this.runId = runId;
        this.agent = agent;
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
        return Wire.object().put("run_id", runId).put("agent", agent);
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

    @Override
    public List<CallOutcome> act(List<CallPlan> plans, List<String> remember) {
        CallOutcome[] outcomes = new CallOutcome[plans.size()];
        List<Integer> places = new ArrayList<>();
        List<Promise<String>> running = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            switch (plans.get(i)) {
                case CallPlan.Settle settle -> outcomes[i] = local.act(List.of(settle), List.of()).getFirst();
                case CallPlan.Run run -> {
                    ObjectNode step = step().put("approved", run.approved());
                    step.set("call", Wire.call(run.call()));
                    remember.forEach(step.putArray("remember")::add);
                    Steps stub = safeToRepeat(run.call()) ? repeatable : once;
                    String input = step.toString();
                    if (settings.options().parallelToolCalls() && concurrencySafe(run.call())) {
                        places.add(i);
                        running.add(start(() -> Async.function(stub::callTool, input)));
                    } else {
                        join(plans, places, running, outcomes);
                        places.add(i);
                        running.add(start(() -> Async.function(stub::callTool, input)));
                        join(plans, places, running, outcomes);
                    }
                }
            }
        }
        join(plans, places, running, outcomes);
        return List.of(outcomes);
    }

    /** Starts a step; once the run was cancelled a step cannot start, and its promise says so. */
    private static Promise<String> start(Supplier<Promise<String>> step) {
        try {
            return step.get();
        } catch (CanceledFailure e) {
            return Workflow.newFailedPromise(e);
        }
    }

    private void join(List<CallPlan> plans, List<Integer> places, List<Promise<String>> running, CallOutcome[] outcomes) {
        for (int i = 0; i < running.size(); i++) {
            int place = places.get(i);
            ToolCall call = plans.get(place).call();
            try {
                JsonNode out = Wire.read(running.get(i).get());
                absorb.accept(out);
                outcomes[place] = Wire.outcome(out);
            } catch (ActivityFailure | CanceledFailure failure) {
                String why = lost(failure, "tool '" + call.name() + "'");
                ToolResult result = why == null
                        ? new ToolResult.Failure(ToolResult.Failure.CANCELLED, "the run was stopped while tool '"
                        + call.name() + "' ran")
                        : safeToRepeat(call) ? new ToolResult.Failure(ToolResult.Failure.EXECUTION_FAILED, why)
                        : new ToolResult.Failure(ToolResult.Failure.INTERRUPTED, INTERRUPTED);
                outcomes[place] = local.act(List.of(new CallPlan.Settle(call, result)), List.of()).getFirst();
            }
        }
        places.clear();
        running.clear();
    }

    /**
     * Why a step did not come back: null when the run was stopped (the run control then says why),
     * else what to tell of the lost step.
     */
    private String lost(RuntimeException failure, String what) {
        Throwable cause = failure instanceof ActivityFailure activity ? activity.getCause() : failure;
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
