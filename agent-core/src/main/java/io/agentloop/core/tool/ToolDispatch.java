package io.agentloop.core.tool;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.workspace.ExecutableConfigChanges;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The innermost link of one call's acting chain (its terminal, {@link #apply}): finds the tool,
 * parses and validates the arguments, asks the permission gate (after every hook has had its say on
 * the arguments), runs the tool, and turns every way that can fail into a failure result for the
 * model (unknown tool, bad arguments, an exception, a null result, an interrupt). Never throws;
 * never calls back into its caller, which reads what came of the call ({@link #dispatched()}) once
 * the chain returns. One per call.
 */
final class ToolDispatch implements Function<ToolCall, ToolResult> {
    private static final Logger log = LoggerFactory.getLogger(ToolDispatch.class);

    private final ToolSet tools;
    private final PermissionGate permissions;
    private final boolean pauses;
    private final boolean approved;
    private final ToolContext context;
    private final Consumer<Boolean> waiting;
    private final ExecutableConfigWatch executableConfig;
    private final ResultCache cache;
    private volatile ToolCall executed;
    private volatile Dispatched dispatched;

    /**
     * @param pauses   a call no one can approve pauses the run; otherwise it is denied
     * @param approved a person approved this call after its run paused
     * @param context  the tool's view of its call
     * @param waiting  told while a person is asked, so the call's timeout stops counting
     * @param changes  where the call notes the files other programs run that it changed
     * @param cache    the run's results of earlier calls, which may answer this one
     */
    ToolDispatch(ToolSet tools, PermissionGate permissions, boolean pauses, boolean approved, ToolContext context,
                 Consumer<Boolean> waiting, ExecutableConfigChanges changes, ResultCache cache) {
        this.tools = tools;
        this.permissions = permissions;
        this.pauses = pauses;
        this.approved = approved;
        this.context = context;
        this.waiting = waiting;
        this.executableConfig = new ExecutableConfigWatch(permissions, changes, waiting);
        this.cache = cache;
    }

    @Override
    public ToolResult apply(ToolCall call) {
        executed = call;
        Dispatched d = dispatch(call);
        dispatched = d;
        return d.result();
    }

    /** The call as the hooks left it, once the chain reached this link; null if a hook answered instead. */
    ToolCall executed() {
        return executed;
    }

    /** What came of the call, once the chain reached this link; null if a hook answered instead. */
    Dispatched dispatched() {
        return dispatched;
    }

    /** What dispatching a call came to. */
    sealed interface Dispatched {
        /** What the acting chain is given back. */
        ToolResult result();

        /** The tool ran (or the call could not be made: unknown tool, bad arguments). */
        record Ran(ToolResult result) implements Dispatched {
        }

        /** The gate refused the call: this result stands whatever the hooks around it return. */
        record Refused(ToolResult.Failure result) implements Dispatched {
        }

        /** No one could approve the call and the run pauses for it; it did not start. */
        record Unanswered(PermissionGate.Admission.Unanswered admission, ToolResult.Failure result)
                implements Dispatched {
        }
    }

    private Dispatched dispatch(ToolCall call) {
        ToolSet.Entry entry = tools.get(call.name());
        if (entry == null) {
            return new Dispatched.Ran(ToolResult.failure(ToolResult.Failure.UNKNOWN_TOOL, "there is no tool named '"
                    + call.name() + "'. Available tools: " + (tools.isEmpty() ? "none" : tools.names()) + "."));
        }
        ArgumentParser parser;
        try {
            parser = entry.arguments();
        } catch (IllegalArgumentException e) {
            return new Dispatched.Ran(entry.schemaProblem(e));
        }
        return switch (parser.parse(call.arguments())) {
            case ArgumentParser.Parsed.Invalid invalid -> new Dispatched.Ran(invalid.failure());
            case ArgumentParser.Parsed.Valid valid -> {
                PermissionGate.Admission admission;
                try {
                    admission = permissions.admit(entry.tool(), valid.arguments(), context.workspace(), approved,
                            waiting);
                } catch (RuntimeException e) {
                    admission = new PermissionGate.Admission.Denied(new ToolResult.Failure(ToolResult.Failure.DENIED,
                            "denied: the permission check failed (" + describe(e) + ")"));
                }
                yield switch (admission) {
                    case PermissionGate.Admission.Allowed allowed -> new Dispatched.Ran(executableConfig.around(
                            entry.tool(), valid.arguments(), call, context.workspace(),
                            () -> cache.around(entry.tool(), valid.arguments(), call, context.workspace(),
                                    () -> run(entry, call, valid, context))));
                    case PermissionGate.Admission.Denied denied -> new Dispatched.Refused(denied.failure());
                    case PermissionGate.Admission.Unanswered unanswered -> pauses
                            ? new Dispatched.Unanswered(unanswered, new ToolResult.Failure(ToolResult.Failure.DENIED,
                                    "not run: this call waits for a person's approval"))
                            : new Dispatched.Refused(permissions.unanswered(call.name(), unanswered));
                };
            }
        };
    }

    private static ToolResult run(ToolSet.Entry entry, ToolCall call, ArgumentParser.Parsed.Valid valid,
                                  ToolContext context) {
        return CheckedWrites.run(entry.tool(), valid.arguments(), context.workspace(),
                () -> execute(entry, call, valid, context));
    }

    private static ToolResult execute(ToolSet.Entry entry, ToolCall call, ArgumentParser.Parsed.Valid valid,
                                      ToolContext context) {
        ToolResult result;
        try {
            result = PluginCode.call(entry.tool(), "tool '" + call.name() + "'",
                    () -> entry.tool().execute(valid.arguments(), context));
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
        if (log.isDebugEnabled()) {
            String content = context.redact(result.content()); // masked whole before the log's cut
            log.debug("tool {} ({}) {} with {}: {}", call.name(), call.id(), result.isError() ? "failed" : "returned",
                    call.arguments(), content.length() <= 300 ? content : content.substring(0, 300) + "...");
        }
        return result;
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
