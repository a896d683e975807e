package io.agentloop.api.permission;

/**
 * Asks a person whether a tool call may run. The launcher's {@code run} and {@code chat} prompt on
 * the terminal; programs supply their own. With no approver, {@link Decision#ASK} means deny.
 *
 * <p>Called on the tool call's thread, which may block while the person decides (the call's
 * timeout is paused meanwhile). The platform never calls an approver from two threads at once.
 *
 * <pre>{@code
 * Approver yesToGit = request -> request.rememberAs().stream().allMatch(r -> r.startsWith("bash(git "))
 *         ? Approval.ALLOW_ONCE : Approval.DENY;
 * }</pre>
 */
@FunctionalInterface
public interface Approver {

    /**
     * Approves everything that asks (deny rules and the workspace still apply). The launcher's
     * {@code --yes} is a permission mode instead, which keeps a command that no sandbox holds asking.
     */
    Approver ALLOW_ALL = request -> Approval.ALLOW_ONCE;

    /** @return the person's answer; never null */
    Approval approve(ApprovalRequest request);
}
