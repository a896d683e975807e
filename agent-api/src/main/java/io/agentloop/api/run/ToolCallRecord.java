package io.agentloop.api.run;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.util.Objects;

/**
 * One executed tool call of a run, with the result the model saw.
 *
 * @param iteration the iteration it ran in, from 1
 * @param call      the call as executed (after pre-acting hooks)
 * @param result    the result after post-acting hooks
 * @param duration  how long the acting step took
 */
public record ToolCallRecord(int iteration, ToolCall call, ToolResult result, Duration duration) {
    public ToolCallRecord {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(duration, "duration");
    }
}
