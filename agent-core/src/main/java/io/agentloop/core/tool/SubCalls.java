package io.agentloop.core.tool;

import io.agentloop.api.hook.HookException;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.hook.Hooks;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Calls a running tool makes to other tools (through {@link io.agentloop.api.tool.ToolContext#callTool}):
 * the same acting hooks, validation and permission gate as a call by the model, on the calling
 * tool's thread, under its timeout and cancellation. Calls to tools that change things run one at
 * a time across the turn (a batch tool may be called in parallel with others).
 */
final class SubCalls {
    private final ToolSet tools;
    private final Hooks.Chains hooks;
    private final ToolInvoker invoker;
    private final ReentrantLock thatChangeThings = new ReentrantLock(true);

    SubCalls(ToolSet tools, Hooks.Chains hooks, ToolInvoker invoker) {
        this.tools = tools;
        this.hooks = hooks;
        this.invoker = invoker;
    }

    /** Runs {@code toolName} for the call in {@code parent}; never throws. */
    ToolResult call(CallSlot parent, String toolName, Map<String, Object> arguments) {
        if (parent.cancellation().isCancelled()) {
            return CallSlot.cancelled(parent.call);
        }
        String json;
        try {
            json = tools.toJson(arguments);
        } catch (RuntimeException e) {
            return ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "the arguments for '" + toolName
                    + "' cannot be written as JSON: " + e.getMessage());
        }
        ToolCall call = ToolCall.of(parent.nextSubCallId(), toolName, json);
        Attempt attempt = new Attempt();
        ToolSet.Entry entry = tools.get(toolName);
        boolean alone = entry != null && !entry.tool().concurrencySafe();
        ToolResult result;
        if (alone) {
            thatChangeThings.lock();
        }
        try {
            result = hooks.acting(call, c -> invoker.invoke(c, parent, attempt));
        } catch (HookException e) {
            result = ToolResult.failure(ToolResult.Failure.HOOK_FAILED, e.getMessage());
        } catch (RuntimeException e) {
            result = ToolResult.failure(ToolResult.Failure.EXECUTION_FAILED, "tool '" + toolName + "' failed: " + e);
        } finally {
            if (alone) {
                thatChangeThings.unlock();
            }
        }
        return attempt.settle(result);
    }
}
