package io.agentloop.api.run;

import io.agentloop.api.permission.Approval;
import java.util.Objects;
import java.util.Optional;

/**
 * A person's decision on a {@link PendingCall}, given after its run paused: an approved call runs
 * exactly once when the run goes on, a denied one reaches the model as a denial (with the reason).
 *
 * @param callId   the pending call's id
 * @param approval {@link Approval#ALLOW_ONCE}, {@link Approval#ALLOW_ALWAYS} (the call's
 *                 {@link PendingCall#rememberAs() rules} are allowed from then on) or {@link Approval#DENY}
 * @param reason   why it was denied, for the model; empty otherwise
 */
public record CallDecision(String callId, Approval approval, Optional<String> reason) {
    public CallDecision {
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(reason, "reason");
    }

    public static CallDecision approve(String callId) {
        return new CallDecision(callId, Approval.ALLOW_ONCE, Optional.empty());
    }

    public static CallDecision always(String callId) {
        return new CallDecision(callId, Approval.ALLOW_ALWAYS, Optional.empty());
    }

    public static CallDecision deny(String callId, Optional<String> reason) {
        return new CallDecision(callId, Approval.DENY, reason);
    }

    public boolean approved() {
        return approval != Approval.DENY;
    }
}
