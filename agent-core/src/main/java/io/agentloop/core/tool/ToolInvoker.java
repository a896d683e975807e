package io.agentloop.core.tool;

import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.message.ToolCall;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.registry.PluginCode;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The innermost link of the acting chain: finds the tool, parses and validates the arguments,
 * asks the permission gate (after every hook has had its say on the arguments), runs it, and turns every way that can fail into a failure result for the model (unknown tool,
 * bad arguments, an exception, a null result, cancellation, timeout). Never throws.
 */
final class ToolInvoker {
    private static final Logger log = LoggerFactory.getLogger(ToolInvoker.class);
    private final ToolSet tools;
    private final PermissionGate permissions;

    ToolInvoker(ToolSet tools, PermissionGate permissions) {
        this.tools = tools;
        this.permissions = permissions;
    }

    /**
     * @param slot    the call in flight: the tool's context, where approval waits are reported and
     *                whether the call was stopped
     * @param attempt where a permission denial is recorded, so no later hook can replace it
     */
    ToolResult invoke(ToolCall call, CallSlot slot, Attempt attempt) {
        ToolSet.Entry entry = tools.get(call.name());
        if (entry == null) {
            return ToolResult.failure(ToolResult.Failure.UNKNOWN_TOOL, "there is no tool named '" + call.name()
                    + "'. Available tools: " + (tools.isEmpty() ? "none" : tools.names()) + ".");
        }
        ArgumentParser parser;
        try {
            parser = entry.arguments();
        } catch (IllegalArgumentException e) {
            return entry.schemaProblem(e);
        }
        ToolResult result;
        switch (parser.parse(call.arguments())) {
            case ArgumentParser.Parsed.Invalid invalid -> {
                return invalid.failure();
            }
            case ArgumentParser.Parsed.Valid valid -> {
                Optional<ToolResult.Failure> denial;
                try {
                    denial = permissions.admit(entry.tool(), valid.arguments(), slot.workspace(), slot::waiting);
                } catch (RuntimeException e) {
                    denial = Optional.of(new ToolResult.Failure(ToolResult.Failure.DENIED, "denied: the permission "
                            + "check failed (" + describe(e) + ")"));
                }
                if (denial.isPresent()) {
                    attempt.deny(denial.get());
                    return denial.get();
                }
                try {
                    result = PluginCode.call(entry.tool(), "tool '" + call.name() + "'",
                            () -> entry.tool().execute(valid.arguments(), slot));
                    if (result == null) {
                        result = ToolResult.failure(ToolResult.Failure.EXECUTION_FAILED, "tool '" + call.name()
                                + "' returned no result (a bug in " + entry.tool().getClass().getName() + ")");
                    }
                } catch (PathDeniedException e) {
                    result = e.toResult();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    result = ToolResult.failure(ToolResult.Failure.CANCELLED, "tool '" + call.name() + "' was interrupted");
                } catch (Exception | LinkageError | StackOverflowError e) {
                    result = ToolResult.failure(ToolResult.Failure.EXECUTION_FAILED,
                            "tool '" + call.name() + "' failed: " + describe(e));
                }
            }
        }
        // Whatever the tool returned after its call was stopped, the stop is what happened.
        ToolResult outcome = slot.stopped().map(stop -> (ToolResult) stop).orElse(result);
        if (log.isDebugEnabled()) {
            String content = slot.redact(outcome.content()); // masked whole before the log's cut
            log.debug("tool {} ({}) {} with {}: {}", call.name(), call.id(), outcome.isError() ? "failed" : "returned",
                    call.arguments(), content.length() <= 300 ? content : content.substring(0, 300) + "...");
        }
        return outcome;
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
