package io.agentloop.launcher;

import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.api.run.TerminalReason;

/** A plugin's decision policy: the run ends after the first turn that called tools. */
public final class FirstToolTurnOnly implements DecisionPolicy {
    @Override
    public String name() {
        return "first-tool-turn";
    }

    @Override
    public Decision decide(Observation observation) {
        return Decision.stop(TerminalReason.ANSWERED, "one tool turn is all this agent takes");
    }
}
