package io.agentloop.core.loop;

import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.api.run.TerminalReason;

/**
 * The built-in decision policy ({@code standard}): stop when stuck or when the model answered
 * without tools, compact over the threshold, else continue.
 */
public final class StandardDecisionPolicy implements DecisionPolicy {
    public static final StandardDecisionPolicy INSTANCE = new StandardDecisionPolicy();

    @Override
    public String name() {
        return "standard";
    }

    @Override
    public Decision decide(Observation observation) {
        if (observation.stuck().isPresent()) {
            return Decision.stop(TerminalReason.STUCK, "stuck: " + observation.stuck().get());
        }
        if (!observation.calledTools()) {
            return Decision.stop(TerminalReason.ANSWERED, "the model answered without calling tools");
        }
        if (observation.compactionReason().isPresent()) {
            return Decision.compact(observation.compactionReason().get());
        }
        return Decision.proceed("the model called tools");
    }
}
