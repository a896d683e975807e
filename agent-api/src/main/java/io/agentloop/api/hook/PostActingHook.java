package io.agentloop.api.hook;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;

/**
 * Runs after each tool call, failed ones included; may change the result the model sees.
 * See {@link Hook} for ordering and failure rules. Never return null.
 */
@FunctionalInterface
public interface PostActingHook extends Hook {
    /** Returns the result to send to the model. */
    ToolResult afterActing(ToolCall call, ToolResult result, HookContext context);
}
