package io.agentloop.core.loop;

import io.agentloop.api.run.DecisionKind;
import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.core.OutputSchema;
import io.agentloop.core.registry.PluginCode;
import java.util.Optional;

/**
 * {@code OBSERVING}: asks the agent's {@link DecisionPolicy} what follows a model turn (stop,
 * compact, or the next iteration), tells the listeners, and does it.
 */
final class ObservingStep implements Step {

    static final String DOES_NOT_MATCH = "Your answer does not match the required JSON Schema: ";
    static final String ANSWER_AGAIN = ". Answer again with only a JSON value that matches it.";

    @Override
    public AgentState apply(Run run) {
        if (run.output.isPresent() && !run.lastTurnCalledTools() && !run.stuck.stuck()) {
            switch (run.output.get().check(run.lastAnswerText())) {
                case OutputSchema.Check.Valid valid -> run.outputValue(valid.value());
                case OutputSchema.Check.Invalid invalid -> {
                    return rejected(run, invalid.violations());
                }
            }
        }
        DecisionPolicy.Observation observation = new DecisionPolicy.Observation(run.iteration(),
                run.lastTurnCalledTools(), run.stuck.stuck() ? Optional.of(run.stuck.description()) : Optional.empty(),
                Optional.ofNullable(run.compaction.reason(run.messages())), run.messages());
        DecisionPolicy policy = run.settings.decisions();
        DecisionPolicy.Decision decision = PluginCode.call(policy, () -> policy.decide(observation));
        run.events.publish(new AgentEvent.Decision(decision.kind(), decision.reason()));
        return switch (decision.kind()) {
            case STOP -> run.complete(decision.stopReason().orElseThrow());
            case COMPACT -> AgentState.COMPACTING;
            case CONTINUE -> AgentState.PLANNING;
        };
    }

    /** An answer that does not match the output schema: back to the model with the violations, a few times. */
    private static AgentState rejected(Run run, String violations) {
        int answers = run.countOutputCheck();
        int allowed = run.options().outputRetries() + 1;
        if (answers >= allowed) {
            return run.fail(new AgentException("the answer did not match the output schema after " + answers
                    + " answer(s); the last: " + violations));
        }
        run.tell(DOES_NOT_MATCH + violations + ANSWER_AGAIN);
        run.events.publish(new AgentEvent.Decision(DecisionKind.CONTINUE, "the answer did not match the "
                + "output schema (" + answers + " of " + allowed + " allowed): " + violations));
        return AgentState.PLANNING;
    }
}
