package io.agentloop.core.loop;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentEvent.Decision.Kind;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.TerminalReason;

/**
 * {@code OBSERVING}: decides what follows a model turn: stop (the model answered, or it is stuck),
 * compact (the conversation is over the threshold), or continue with the next iteration.
 */
final class ObservingStep implements Step {

    @Override
    public AgentState apply(Run run) {
        if (run.stuck.stuck()) {
            decide(run, Kind.STOP, "stuck: " + run.stuck.description());
            return run.complete(TerminalReason.STUCK);
        }
        if (!run.lastTurnCalledTools()) {
            decide(run, Kind.STOP, "the model answered without calling tools");
            return run.complete(TerminalReason.ANSWERED);
        }
        String overflow = run.compaction.reason(run.messages());
        if (overflow != null) {
            decide(run, Kind.COMPACT, overflow);
            return AgentState.COMPACTING;
        }
        decide(run, Kind.CONTINUE, "the model called tools");
        return AgentState.PLANNING;
    }

    private static void decide(Run run, Kind kind, String reason) {
        run.events.publish(new AgentEvent.Decision(kind, reason));
    }
}
