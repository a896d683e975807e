package io.agentloop.core.loop;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.DecisionPolicy;
import java.util.Optional;

/**
 * {@code OBSERVING}: asks the agent's {@link DecisionPolicy} what follows a model turn (stop,
 * compact, or the next iteration), tells the listeners, and does it.
 */
final class ObservingStep implements Step {

    @Override
    public AgentState apply(Run run) {
        DecisionPolicy.Observation observation = new DecisionPolicy.Observation(run.iteration(),
                run.lastTurnCalledTools(), run.stuck.stuck() ? Optional.of(run.stuck.description()) : Optional.empty(),
                Optional.ofNullable(run.compaction.reason(run.messages())), run.messages());
        DecisionPolicy.Decision decision = run.settings.decisions().decide(observation);
        run.events.publish(new AgentEvent.Decision(decision.kind(), decision.reason()));
        return switch (decision.kind()) {
            case STOP -> run.complete(decision.stopReason().orElseThrow());
            case COMPACT -> AgentState.COMPACTING;
            case CONTINUE -> AgentState.PLANNING;
        };
    }
}
