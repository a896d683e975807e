package io.agentloop.api.hook;

import io.agentloop.api.message.ToolCall;

/**
 * Runs before each tool call; may change the call (typically its arguments, with {@link ToolCall#withArguments}). The arguments are validated against the tool's schema after this hook. To refuse a call, write an {@link ActingInterceptor} that returns a failure without proceeding.
 * See {@link Hook} for ordering and failure rules. Never return null.
 */
@FunctionalInterface
public interface PreActingHook extends Hook {
    /** Returns the call to execute; return {@code call} to pass through. */
    ToolCall beforeActing(ToolCall call, HookContext context);
}
