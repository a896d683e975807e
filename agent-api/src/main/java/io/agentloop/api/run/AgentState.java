package io.agentloop.api.run;

import java.util.EnumSet;
import java.util.Set;

/**
 * The outer state machine: one agent run (ReAct).
 *
 * <pre>
 *   INIT ──► PLANNING ──► EXECUTING ──► OBSERVING ──┬──► PLANNING          (tool calls: continue)
 *              │  ▲  │         │                    ├──► COMPACTING ──► PLANNING
 *              │  │  └─► COMPACTING                 └──► COMPLETED         (answer, stuck)
 *              │  └──────────┘ │
 *              └──► COMPLETED  └──► COMPLETED       (cancelled, timed out)
 *   any non-terminal state ──► FAILED               (unrecoverable error)
 *   INIT, PLANNING, COMPACTING ──► COMPLETED        (cancelled; PLANNING also: max iterations)
 * </pre>
 *
 * <p>{@code EXECUTING} runs one {@link CallState model call} (the call and the tools it asked for).
 * A {@code COMPLETED} run carries a {@link TerminalReason}.
 */
public enum AgentState implements LoopState {
    INIT, PLANNING, EXECUTING, OBSERVING, COMPACTING, COMPLETED, FAILED;

    /** The states this one may move to. A move elsewhere is a bug and throws. */
    public Set<AgentState> successors() {
        return switch (this) {
            case INIT -> EnumSet.of(PLANNING, COMPLETED, FAILED);
            case PLANNING -> EnumSet.of(EXECUTING, COMPACTING, COMPLETED, FAILED);
            case EXECUTING -> EnumSet.of(OBSERVING, COMPLETED, FAILED);
            case OBSERVING -> EnumSet.of(PLANNING, COMPACTING, COMPLETED, FAILED);
            case COMPACTING -> EnumSet.of(PLANNING, COMPLETED, FAILED);
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
