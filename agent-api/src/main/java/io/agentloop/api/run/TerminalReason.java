package io.agentloop.api.run;

/** Why a {@link AgentState#COMPLETED completed} run stopped. */
public enum TerminalReason {
    /** The model answered without asking for tools. */
    ANSWERED,
    /** The iteration limit was reached (after an optional final summary). */
    MAX_ITERATIONS,
    /** The run was cancelled; its messages so far are kept. */
    CANCELLED,
    /** An iteration or the whole run took longer than its timeout. */
    TIMEOUT,
    /** A token or cost budget was used up. */
    TOKEN_LIMIT,
    /** The model kept repeating the same tool call with the same arguments. */
    STUCK,
    /**
     * The run's session could no longer be written (a full disk, a lost folder), so the run stopped
     * before its next tool call that could change something: nothing is done that is not on record.
     */
    SAVE_FAILED,
    /**
     * A tool call needs a person's approval and no one could answer during the run: the run stopped
     * with the call pending ({@link RunResult#pending()}); the other calls of its turn that were allowed
     * ran. Decide with {@link CallDecision}s and go on with a {@link Resumption}.
     */
    AWAITING_APPROVAL
}
