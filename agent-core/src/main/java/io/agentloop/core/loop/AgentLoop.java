package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.message.Message;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.run.StateTracker;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The outer state machine's driver ({@link AgentState}): one loop, one {@code switch}, each state
 * handled by its step; the state changes only in {@link StateTracker#move}. Stateless: a run's
 * input comes in, its result goes out.
 */
public final class AgentLoop {
    private static final Logger log = LoggerFactory.getLogger(AgentLoop.class);

    private final Step planning = new PlanningStep();
    private final Step executing = new ExecutingStep();
    private final Step observing = new ObservingStep();
    private final Step compacting = new CompactingStep();

    /** Drives {@code run} from {@code INIT} to a terminal state. Never throws for a run's failure. */
    public RunResult drive(Run run, List<Message> input) {
        StateTracker<AgentState> state = new StateTracker<>(AgentState.INIT, AgentState::canMoveTo, run.events,
                run.time());
        while (!state.state().isTerminal()) {
            AgentState next;
            try {
                next = switch (state.state()) {
                    case INIT -> init(run, input);
                    case PLANNING -> planning.apply(run);
                    case EXECUTING -> executing.apply(run);
                    case OBSERVING -> observing.apply(run);
                    case COMPACTING -> compacting.apply(run);
                    case COMPLETED, FAILED -> throw new IllegalStateException("terminal state " + state.state());
                };
            } catch (AgentException e) {
                next = run.fail(e);
            } catch (RuntimeException e) {
                log.error("run {}: unexpected failure in state {}", run.id, state.state(), e);
                next = run.fail(new AgentException("unexpected failure in state " + state.state() + ": " + e, e));
            }
            state.move(next);
        }
        return run.result(state.state());
    }

    private static AgentState init(Run run, List<Message> input) {
        run.start(input);
        return run.control.aborted() ? run.completeStopped() : AgentState.PLANNING;
    }
}
