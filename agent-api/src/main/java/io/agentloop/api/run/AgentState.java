package io.agentloop.api.run;

import java.util.EnumSet;
import java.util.Set;

/**
 * The outer state machine: one agent run (ReAct), as decisions around one inner process. The run
 * decides in {@code PLANNING} (before the inner process: the iteration limit, whether to compact,
 * the next call) and in {@code OBSERVING} (after it: continue, compact or stop), looking only at its
 * record; {@code EXECUTING} is the inner process ({@link CallState}), whose model call and tool
 * calls are the effects, each on record before the run decides again.
 *
 * <pre>
 *   INIT ──► PLANNING ──► EXECUTING ──► OBSERVING ──┬──► PLANNING                  (continue)
 *              │                                    ├──► COMPACTING ──► PLANNING   (compact)
 *              │                                    └──► COMPLETED                 (answered, stuck, stopped, awaiting approval)
 *              ├──► COMPACTING ──► PLANNING         (compaction due before the next call)
 *              └──► COMPLETED                       (the iteration limit; stopped before the next call)
 *   any non-terminal state ──► FAILED               (unrecoverable error)
 * </pre>
 *
 * <p>A run paused for a person's approval leaves its inner process in
 * {@link CallState#TOOL_EXECUTING} and completes from {@code OBSERVING} with
 * {@link TerminalReason#AWAITING_APPROVAL}; resumed, it goes from {@code PLANNING} to
 * {@code EXECUTING} and carries out the waiting calls. A {@code COMPLETED} run carries a
 * {@link TerminalReason}.
 */
public enum AgentState implements LoopState {
    INIT, PLANNING, EXECUTING, OBSERVING, COMPACTING, COMPLETED, FAILED;

    /** The states this one may move to. A move elsewhere is a bug and throws. */
    public Set<AgentState> successors() {
        return switch (this) {
            case INIT -> EnumSet.of(PLANNING, FAILED);
            case PLANNING -> EnumSet.of(EXECUTING, COMPACTING, COMPLETED, FAILED);
            case EXECUTING -> EnumSet.of(OBSERVING, FAILED);
            case OBSERVING -> EnumSet.of(PLANNING, COMPACTING, COMPLETED, FAILED);
            case COMPACTING -> EnumSet.of(PLANNING, FAILED);
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

    /**
     * The state of this name, also under the names of the release before: {@code DECIDING} (now
     * {@code PLANNING}), {@code REASONING} and {@code ACTING} (both now {@code EXECUTING}), so event
     * lines recorded then still read.
     *
     * @throws IllegalArgumentException no state has this name, old or new
     */
    public static AgentState named(String name) {
        return switch (name) {
            case "DECIDING" -> PLANNING;
            case "REASONING", "ACTING" -> EXECUTING;
            default -> valueOf(name);
        };
    }
}
