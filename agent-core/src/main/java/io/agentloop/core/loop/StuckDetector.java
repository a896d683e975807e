package io.agentloop.core.loop;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Notices a model repeating itself: the same tool with the same arguments (compared as written,
 * whitespace around them ignored) in several consecutive turns. Identical calls within one turn
 * are a deliberate batch and do not count. At the threshold the call is not run and the model is
 * told; one more turn with it marks the run stuck, and the loop ends it {@code STUCK}. Used on the
 * run's thread only.
 */
public final class StuckDetector {
    private final int threshold;
    /** How many turns in a row each call of the previous turn had been made. */
    private Map<String, Integer> previous = Map.of();
    private Map<String, Integer> current = new HashMap<>();
    private boolean stuck;
    private String description = "";

    /** @param threshold 0 turns detection off */
    public StuckDetector(int threshold) {
        this.threshold = threshold;
    }

    /** Starts a new model turn; the calls of the turn that ended become the ones to compare with. */
    public void nextTurn() {
        previous = current;
        current = new HashMap<>();
    }

    /** Decides a result for a repeated call, or empty to run it. */
    public Optional<ToolResult> check(ToolCall call) {
        if (threshold == 0) {
            return Optional.empty();
        }
        String signature = call.name() + '\u0000' + call.arguments().strip();
        int repeats = current.computeIfAbsent(signature, s -> previous.getOrDefault(s, 0) + 1);
        if (repeats < threshold) {
            return Optional.empty();
        }
        if (repeats == threshold) {
            return Optional.of(ToolResult.failure(ToolResult.Failure.REPEATED_CALL, "you called '" + call.name()
                    + "' with the same arguments in " + repeats + " turns in a row, so it was not run again: the "
                    + "result would not change. Try a different approach or answer with what you have; one more "
                    + "identical call ends the run."));
        }
        stuck = true;
        description = "'" + call.name() + "' called with the same arguments in " + repeats + " turns in a row";
        return Optional.of(ToolResult.failure(ToolResult.Failure.REPEATED_CALL, "'" + call.name()
                + "' was called with the same arguments in " + repeats + " turns in a row; the run was stopped."));
    }

    public boolean stuck() {
        return stuck;
    }

    /** Why the run is stuck, for the decision event. */
    public String description() {
        return description;
    }
}
