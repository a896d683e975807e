package io.agentloop.api.run;

import java.util.EnumSet;
import java.util.Set;

/**
 * The inner state machine: one model call, with its retries. It only calls the model: the tool
 * calls the model asks for are the outer machine's next effect ({@link AgentState#ACTING}).
 *
 * <pre>
 *   IDLE ──► CALLING ──► STREAMING ──► SUCCESS
 *              ▲   │         │
 *              │   ▼         ▼
 *              └─ RETRYING ◄─┘        (retryable error; backoff)
 *   IDLE, CALLING, STREAMING, RETRYING ──► ERROR     (not retryable, retries exhausted, cancelled)
 *   IDLE ──► SUCCESS                                 (a reasoning interceptor answered itself)
 * </pre>
 *
 * <p>{@code IDLE} covers the pre-reasoning hooks; hooks run outside the retry loop.
 */
public enum CallState implements LoopState {
    IDLE, CALLING, STREAMING, RETRYING, SUCCESS, ERROR;

    /** The states this one may move to. A move elsewhere is a bug and throws. */
    public Set<CallState> successors() {
        return switch (this) {
            case IDLE -> EnumSet.of(CALLING, SUCCESS, ERROR);
            case CALLING -> EnumSet.of(STREAMING, RETRYING, ERROR);
            case STREAMING -> EnumSet.of(SUCCESS, RETRYING, ERROR);
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
