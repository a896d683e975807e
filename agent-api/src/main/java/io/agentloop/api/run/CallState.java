package io.agentloop.api.run;

import java.util.EnumSet;
import java.util.Set;

/**
 * The inner state machine: one model call and the tool calls it asks for.
 *
 * <pre>
 *   IDLE ──► CALLING ──► STREAMING ──┬──► TOOL_EXECUTING ──► SUCCESS
 *              ▲   │         │       └──► SUCCESS                    (no tool calls)
 *              │   ▼         ▼
 *              └─ RETRYING ◄─┘        (retryable error; backoff)
 *   IDLE, CALLING, STREAMING, RETRYING ──► ERROR     (not retryable, retries exhausted, cancelled)
 *   IDLE ──► SUCCESS, TOOL_EXECUTING                 (a reasoning interceptor answered itself)
 * </pre>
 *
 * <p>{@code IDLE} covers the pre-reasoning hooks; hooks run outside the retry loop.
 * {@code TOOL_EXECUTING} always ends in {@code SUCCESS}: a failing tool becomes an error result for
 * the model, never an error of the call.
 */
public enum CallState implements LoopState {
    IDLE, CALLING, STREAMING, TOOL_EXECUTING, RETRYING, SUCCESS, ERROR;

    /** The states this one may move to. A move elsewhere is a bug and throws. */
    public Set<CallState> successors() {
        return switch (this) {
            case IDLE -> EnumSet.of(CALLING, TOOL_EXECUTING, SUCCESS, ERROR);
            case CALLING -> EnumSet.of(STREAMING, RETRYING, ERROR);
            case STREAMING -> EnumSet.of(TOOL_EXECUTING, SUCCESS, RETRYING, ERROR);
            case TOOL_EXECUTING -> EnumSet.of(SUCCESS);
            case RETRYING -> EnumSet.of(CALLING, ERROR);
            case SUCCESS, ERROR -> EnumSet.noneOf(CallState.class);
        };
    }

    public boolean canMoveTo(CallState next) {
        return successors().contains(next);
    }

    @Override
    public boolean isTerminal() {
        return this == SUCCESS || this == ERROR;
    }
}
