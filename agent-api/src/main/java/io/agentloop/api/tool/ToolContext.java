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

    /**
     * Publishes a piece of this call's output while the call runs, so people watching the run see it
     * as it is produced (a command's lines, a download's progress): listeners get it as a
     * {@link io.agentloop.api.event.AgentEvent.ToolOutputDelta}, in order, before the call's
     * completion. The model never sees these pieces: it gets only the result {@code execute}
     * returns, which must hold everything it needs. Synchronous: returns once the listeners have
     * the piece, so a slow listener slows the tool down. Thread-safe; pieces published after the
     * call ended (it timed out, its run was cancelled) are dropped.
     *
     * <p>The platform masks secrets in each piece as it masks the result, but only within the
     * piece: publish whole lines (a secret split across two pieces is recognised in neither), and
     * feed the lines of a file through the tool's own key-block masking where the result gets it.
     * Building a piece costs nothing when {@link #outputWanted()} is false. The default drops it.
     *
     * <pre>{@code
     * if (context.outputWanted()) {
     *     context.output(line + "\n");   // a whole line at a time
     * }
     * }</pre>
     *
     * @param text a piece of output, usually one or more whole lines; never null, may be empty (ignored)
     */
    default void output(String text) {
    }

    /**
     * Whether anyone receives what {@link #output} publishes: when false (a run no one listens to,
     * a call made in a test) a tool skips splitting, decoding and masking what it would publish.
     * Stable for the call. The default is false.
     */
    default boolean outputWanted() {
        return false;
    }

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
