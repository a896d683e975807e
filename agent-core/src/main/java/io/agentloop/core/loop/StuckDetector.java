package io.agentloop.core.loop;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import java.util.Optional;

/**
 * Notices a model repeating itself: the same tool with the same arguments (compared as written,
 * whitespace around them ignored) several times in a row, across turns. At the threshold the call
 * is not run and the model is told; one more identical call marks the run stuck, and the loop
 * ends it {@code STUCK}. Used on the run's thread only.
 */
public final class StuckDetector {
    private final int threshold;
    private String lastName;
    private String lastArguments;
    private int repeats;
    private boolean stuck;

    /** @param threshold 0 turns detection off */
    public StuckDetector(int threshold) {
        this.threshold = threshold;
    }

    /** Decides a result for a repeated call, or empty to run it. */
    public Optional<ToolResult> check(ToolCall call) {
        if (threshold == 0) {
            return Optional.empty();
        }
        String arguments = call.arguments().strip();
        repeats = call.name().equals(lastName) && arguments.equals(lastArguments) ? repeats + 1 : 1;
        lastName = call.name();
        lastArguments = arguments;
        if (repeats < threshold) {
            return Optional.empty();
        }
        if (repeats == threshold) {
            return Optional.of(ToolResult.failure(ToolResult.Failure.REPEATED_CALL, "you called '" + call.name()
                    + "' with the same arguments " + repeats + " times in a row, so it was not run again: the result "
                    + "would not change. Try a different approach or answer with what you have; one more identical "
                    + "call ends the run."));
        }
        stuck = true;
        return Optional.of(ToolResult.failure(ToolResult.Failure.REPEATED_CALL, "'" + call.name()
                + "' was called with the same arguments " + repeats + " times in a row; the run was stopped."));
    }

    public boolean stuck() {
        return stuck;
    }

    /** Why the run is stuck, for the decision event. */
    public String description() {
        return "'" + lastName + "' called with the same arguments " + repeats + " times in a row";
    }
}
