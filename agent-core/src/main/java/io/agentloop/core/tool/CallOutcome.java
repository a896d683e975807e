package io.agentloop.core.tool;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;

/** What one tool call of a turn came to. */
public sealed interface CallOutcome {

    /** The call as the model asked for it. */
    ToolCall asked();

    /** The call ended: {@code executed} is the call as run (after the acting hooks), {@code result} what the model sees. */
    record Finished(ToolCall asked, ToolCall executed, ToolResult result, Duration duration) implements CallOutcome {
    }

    /** The call needs a person's approval and did not start. */
    record Pending(PendingCall pending) implements CallOutcome {
        @Override
        public ToolCall asked() {
            return pending.call();
        }
    }
}
