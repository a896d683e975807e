package io.agentloop.api.run;

/**
 * A state of one of the two state machines: the agent loop ({@link AgentState}) or one model call
 * ({@link CallState}). {@code StateChanged} events carry these.
 */
public sealed interface LoopState permits AgentState, CallState {

    /** Whether the machine stops here. */
    boolean isTerminal();
}
