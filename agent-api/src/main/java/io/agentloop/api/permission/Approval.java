package io.agentloop.api.permission;

/** A person's answer to an {@link ApprovalRequest}. */
public enum Approval {
    /** Run this call. */
    ALLOW_ONCE,
    /** Run this call, and allow calls matching {@link ApprovalRequest#rememberAs()} from now on (in this process). */
    ALLOW_ALWAYS,
    /** Do not run it; the model is told the user refused. */
    DENY
}
