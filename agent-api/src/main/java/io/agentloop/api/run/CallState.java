package io.agentloop.api.run;

import java.util.EnumSet;
import java.util.Set;

/**
 * The inner state machine: the process of one {@link AgentState#EXECUTING} step, a model call with
 * its retries and then the tool calls its answer asks for. A failing tool is a result for the model,
 * so {@code TOOL_EXECUTING} always ends in {@code SUCCESS}.
 *
 * <pre>
 *   IDLE ──► CALLING ──► STREAMING ──┬──► TOOL_EXECUTING ──► SUCCESS   (the answer asks for tool calls)
 *              ▲   │         │       └──► SUCCESS                     (an answer without tool calls)
 *              │   ▼         ▼
 *              └─ RETRYING ◄─┘        (retryable error; backoff)
 *   IDLE, CALLING, STREAMING, RETRYING ──► ERROR     (not retryable, retries exhausted, cancelled)
 * </pre>
 *
 * <p>{@code IDLE} covers the pre-reasoning hooks (hooks run outside the retry loop); an answer a
 * reasoning interceptor gave itself passes through {@code CALLING} and {@code STREAMING} as a
 * model's would. A run paused for a person's approval stays in {@code TOOL_EXECUTING}, and its
 * resumed run's process starts there.
 */
public enum CallState implements LoopState {
    IDLE, CALLING, STREAMING, TOOL_EXECUTING, RETRYING, SUCCESS, ERROR;

    /** The states this one may move to. A move elsewhere is a bug and throws. */
    public Set<CallState> successors() {
        return switch (this) {
            case IDLE -> EnumSet.of(CALLING, ERROR);
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
