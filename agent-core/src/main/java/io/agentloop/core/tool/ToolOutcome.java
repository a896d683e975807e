package io.agentloop.core.tool;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;

/** What one tool call came to: the call as executed (after hooks), its result, its duration. */
public record ToolOutcome(ToolCall call, ToolResult result, Duration duration) {
}
