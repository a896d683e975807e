package io.agentloop.launcher;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which lines of a running tool's output a terminal shows under its call, as the tool publishes
 * them: at most {@link #MOST} per call, then one line saying the rest is in the result, so a
 * command that prints thousands of lines does not push the run off the screen. Empty pieces and a
 * line redrawn in place (ended by a carriage return) count as lines too.
 */
final class LiveToolOutput {
    /** The most lines shown of one call's output. */
    static final int MOST = 20;

    private final Map<String, Integer> shown = new HashMap<>();

    /** The lines to show for {@code text}, a piece of call {@code callId}'s output. */
    List<String> lines(String callId, String text) {
        int before = shown.getOrDefault(callId, 0);
        List<String> lines = new ArrayList<>();
        int count = before;
        for (String line : text.lines().toList()) {
            if (count < MOST) {
                lines.add(line);
            } else if (count == MOST) {
                lines.add("... more output: the result has it");
            }
            count++;
        }
        shown.put(callId, count);
        return lines;
    }

    /** The call ended: its count is forgotten. */
    void ended(String callId) {
        shown.remove(callId);
    }

    /** The run ended. */
    void clear() {
        shown.clear();
    }
}
