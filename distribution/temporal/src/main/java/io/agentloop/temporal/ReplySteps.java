package io.agentloop.temporal;

import io.agentloop.api.AgentException;
import io.agentloop.api.message.Message;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.run.RunControl;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.Workflow;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The agent's reply hooks around a run's loop inside its workflow: the pre-reply hooks before the
 * first decision and the post-reply hooks after the last, each side one activity ({@link Steps}),
 * since hooks do I/O (long-term memory's notes, files, services) that a workflow may not do and a
 * replay must not do again. Together they run the hooks in the order a local run's reply chain
 * does. A hook's failure fails the run, as it does locally.
 */
final class ReplySteps {
    private final String runId;
    private final String agent;
    private final Optional<String> parentRunId;
    private final Steps steps;
    private final Consumer<JsonNode> absorb;
    private final StepAttributes attributes;

    ReplySteps(String runId, String agent, Optional<String> parentRunId, LoopSettings settings, DurableOptions durable,
               Consumer<JsonNode> absorb, StepAttributes attributes) {
        this.attributes = attributes;
        this.runId = runId;
        this.agent = agent;
        this.parentRunId = parentRunId;
        this.absorb = absorb;
        this.steps = Workflow.newActivityStub(Steps.class, StepPolicies.model(settings.options(), durable));
    }

    private ObjectNode step() {
        ObjectNode step = attributes.into(Wire.object().put("run_id", runId).put("agent", agent));
        parentRunId.ifPresent(parent -> step.put("parent_run_id", parent));
        return step;
    }

    /**
     * The messages the run starts from, after the pre-reply hooks. A run cancelled meanwhile starts
     * from its input, and its loop ends it at once.
     *
     * @throws AgentException when a hook failed or the step was lost on every attempt
     */
    List<Message> before(List<Message> input, RunControl control) {
        ObjectNode step = step();
        step.set("messages", Wire.messages(input));
        JsonNode out;
        try {
            out = Wire.read(steps.beforeReply(step.toString()));
        } catch (CanceledFailure e) {
            control.abort(TerminalReason.CANCELLED, "the run was cancelled");
            return input;
        } catch (ActivityFailure e) {
            if (e.getCause() instanceof CanceledFailure || control.aborted()) {
                control.abort(TerminalReason.CANCELLED, "the run was cancelled");
                return input;
            }
            throw lost("pre-reply", e);
        }
        absorb.accept(out);
        return Wire.messages(done(out).path("messages"));
    }

    /**
     * The result after the post-reply hooks; they run for every run that started, cancelled or not,
     * as locally, so the step runs even in a cancelled workflow.
     *
     * @throws AgentException when a hook failed or the step was lost on every attempt
     */
    RunResult after(RunResult result) {
        ObjectNode step = step();
        step.set("result", Wire.runResult(result));
        String[] text = new String[1];
        try {
            Workflow.newDetachedCancellationScope(() -> text[0] = steps.afterReply(step.toString())).run();
        } catch (ActivityFailure e) {
            throw lost("post-reply", e);
        }
        JsonNode out = Wire.read(text[0]);
        absorb.accept(out);
        return Wire.runResult(done(out).path("result"));
    }

    private static JsonNode done(JsonNode out) {
        if (!"done".equals(out.path("kind").asString())) {
            throw Wire.error(out);
        }
        return out;
    }

    private static AgentException lost(String which, ActivityFailure failure) {
        Throwable cause = failure.getCause() == null ? failure : failure.getCause();
        return new AgentException("the run's " + which + " hooks did not finish on any worker (" + cause.getMessage()
                + "): see the workers' logs", failure);
    }
}
