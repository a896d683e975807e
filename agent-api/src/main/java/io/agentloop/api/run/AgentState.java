package io.agentloop.api.run;

import java.util.EnumSet;
import java.util.Set;

/**
 * The outer state machine: one agent run (ReAct), as decisions between effects. In
 * {@code PLANNING} the run looks only at its record and chooses what comes next; each other
 * non-terminal state carries out one effect, whose outcome is on record before the run decides
 * again.
 *
 * <pre>
 *   INIT ──► PLANNING ──┬──► EXECUTING  ──► PLANNING     (one model call)
 *                       ├──► ACTING     ──► PLANNING     (the tool calls of one model turn)
 *                       ├──► COMPACTING ──► PLANNING     (the conversation made shorter)
 *                       └──► COMPLETED                   (answered, a limit, stuck, stopped, awaiting approval)
 *   any non-terminal state ──► FAILED                    (unrecoverable error)
 * </pre>
 *
 * <p>{@code EXECUTING} runs one {@link CallState model call}. A {@code COMPLETED} run carries a
 * {@link TerminalReason}.
 */
public enum AgentState implements LoopState {
    INIT, PLANNING, EXECUTING, ACTING, COMPACTING, COMPLETED, FAILED;

    /** The states this one may move to. A move elsewhere is a bug and throws. */
    public Set<AgentState> successors() {
        return switch (this) {
            case INIT -> EnumSet.of(PLANNING, FAILED);
            case PLANNING -> EnumSet.of(EXECUTING, ACTING, COMPACTING, COMPLETED, FAILED);
            case EXECUTING, ACTING, COMPACTING -> EnumSet.of(PLANNING, FAILED);
            case COMPLETED, FAILED -> EnumSet.noneOf(AgentState.class);
        };
    }

    public boolean canMoveTo(AgentState next) {
        return successors().contains(next);
    }

    @Override
    public boolean isTerminal() {
        return this == COMPLETED || this == FAILED;
    }
}
