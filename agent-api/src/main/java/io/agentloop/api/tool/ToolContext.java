package io.agentloop.api.tool;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.Usage;
import java.util.Map;

/**
 * What a running tool call may see of the run: its ids, the run's cancellation, a way to report
 * progress, the workspace, and a way to call other tools. Handed in by the platform; implemented by the core (and by test fakes).
 */
public interface ToolContext {

    /** The id of the call being executed. Never null. */
    String callId();

    /** The id of the run. Never null. */
    String runId();

    /**
     * Cancelled when the run is cancelled or this call timed out. The tool's thread is also
     * interrupted then.
     */
    CancellationSignal cancellation();

    /**
     * Reports progress of a long call (shown to the user, not sent to the model). Thread-safe;
     * cheap enough to call often.
     */
    void progress(String message);

    /** The workspace this run works in: resolve every path through it. */
    Workspace workspace();

    /**
     * Calls another tool as part of this call (the {@code batch} tool does), through the same
     * checks as a call by the model: argument validation, permissions, acting hooks. Blocks until
     * it has a result; safe to call from several threads at once.
     *
     * @param arguments the arguments object as plain values (as in {@link ToolArguments#values()})
     * @return the result; a failure (never an exception) when the tool is unknown, the arguments
     *         are bad or the call is denied
     */
    ToolResult callTool(String toolName, Map<String, Object> arguments);

    /**
     * Masks secrets in {@code text} as the platform masks every tool result (the values of its
     * credential variables, well-known key shapes). A tool that shortens its output (a byte cap, a
     * long line cut) masks before it cuts: a cut through a secret leaves a part the mask no longer
     * recognises. The platform masks the whole result again after the call. Thread-safe. The
     * default returns the text unchanged.
     *
     * <pre>{@code
     * String masked = context.redact(output);            // first the whole text
     * String shown = masked.length() <= 2000 ? masked : masked.substring(0, 2000) + " [cut]";
     * }</pre>
     */
    default String redact(String text) {
        return text;
    }

    /**
     * Counts tokens a tool spent on a model (a sub-agent's run, a summary) in the run's usage, so
     * they show in its totals and count against its budgets. Thread-safe. The default ignores them.
     */
    default void reportUsage(Usage usage) {
    }
}
