package io.agentloop.api.tool;

import io.agentloop.api.permission.Access;
import java.util.List;

/**
 * A tool the model can call. Discovered as a built-in through {@link java.util.ServiceLoader},
 * loaded from a plugin, or handed to one agent directly.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #spec()} is constant: the platform reads it once and caches what it derives from it
 *       (the compiled schema, the provider's serialised tool definition).</li>
 *   <li>{@link #execute} receives arguments already validated against the spec's JSON Schema.</li>
 *   <li>Failures the model should see (file not found, bad input the schema cannot express) are
 *       returned as {@link ToolResult.Failure}. An exception or a timeout is turned into a failure
 *       result by the platform too, so the run continues, but a value says more.</li>
 *   <li>Long work checks {@link ToolContext#cancellation()} or reacts to thread interruption:
 *       the platform interrupts the tool's thread when the run is cancelled or the call times out.</li>
 * </ul>
 *
 * <h2>Threading</h2>
 * One instance serves every run; calls may run concurrently on virtual threads unless
 * {@link #concurrencySafe()} is false, in which case the platform runs them one at a time, in the
 * order the model made them.
 *
 * <pre>{@code
 * public final class ClockTool implements Tool {
 *     private static final ToolSpec SPEC = ToolSpec.builder("clock")
 *             .description("The current time in a time zone")
 *             .stringParameter("zone", "an IANA zone id such as Europe/Paris", true)
 *             .build();
 *     public ToolSpec spec() { return SPEC; }
 *     public boolean readOnly() { return true; }
 *     public ToolResult execute(ToolArguments arguments, ToolContext context) {
 *         return ToolResult.success(ZonedDateTime.now(ZoneId.of(arguments.requireString("zone"))).toString());
 *     }
 * }
 * }</pre>
 */
public interface Tool {

    /** The name, description and parameter schema. Constant. Never null. */
    ToolSpec spec();

    /**
     * Runs the tool.
     *
     * @return the result for the model; never null
     * @throws Exception on an unexpected failure; the platform reports it to the model as an error
     */
    ToolResult execute(ToolArguments arguments, ToolContext context) throws Exception;

    /** Whether the tool only reads (no side effects). Read-only tools are concurrency-safe by default. */
    default boolean readOnly() {
        return false;
    }

    /**
     * Whether calls may run in parallel with other calls. Defaults to {@link #readOnly()}: tools
     * that change things run one at a time in call order unless they say otherwise.
     */
    default boolean concurrencySafe() {
        return readOnly();
    }

    /**
     * Whether a repeated call of this tool (same arguments, nothing that could change its answer run
     * in between, the files it reads unchanged) may be answered with its earlier result instead of
     * running again. Defaults to {@link #readOnly()}; a read-only tool whose answer changes on its own
     * (a clock, a counter, another agent's reply) says {@code false}; a call of such a tool also makes
     * the run forget the results it kept, since its work may change what others read (a sub-agent
     * editing files through tools of its own). Users can switch caching off
     * for all tools or for one ({@code tools.cache}, {@code tools.<name>.cache}).
     */
    default boolean cachesResults() {
        return readOnly();
    }

    /**
     * Whether a call of this tool that started and never finished (its process stopped meanwhile)
     * may simply run again when the run goes on. Read-only tools are; a tool that changes things is
     * reported to the model as interrupted instead, so nothing is done twice behind anyone's back.
     */
    default boolean safeToRepeat() {
        return readOnly();
    }

    /**
     * Whether this tool's results may carry text from outside the conversation: a file's content, a
     * web page, a command's output, another server's answer. Such text may hold instructions someone
     * planted, so long-term memory does not save a note from a run that saw it unless told to
     * ({@code memory.auto-save-untrusted}). True (the default) for every tool that does not say
     * otherwise; a tool whose results only restate what the model gave it (a plan, a count, "wrote 3
     * lines") returns false.
     */
    default boolean bringsOutsideText() {
        return true;
    }

    /**
     * What a call with these (validated) arguments would touch: paths, a shell command, a host.
     * The platform checks each against the workspace and the permission rules before running the
     * call. Empty (the default): rules see the tool name alone, and the default policy allows
     * read-only tools and asks for the others.
     */
    default List<Access> accesses(ToolArguments arguments) {
        return List.of();
    }
}
