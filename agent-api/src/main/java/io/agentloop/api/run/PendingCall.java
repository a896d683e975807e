package io.agentloop.api.run;

import io.agentloop.api.message.ToolCall;
import java.util.List;
import java.util.Objects;

/**
 * A tool call that waits for a person's decision: the rules ask about it and no one could answer
 * while the run went on, so the run paused with it on record.
 *
 * @param call       the call as the model asked for it
 * @param reasons    why it needs approval, one line per access that asked
 * @param rememberAs the allow rules an "always" would add, as written in configuration
 */
public record PendingCall(ToolCall call, List<String> reasons, List<String> rememberAs) {
    public PendingCall {
        Objects.requireNonNull(call, "call");
        reasons = List.copyOf(reasons);
        rememberAs = List.copyOf(rememberAs);
    }
}
