package io.agentloop.core.plan;

import io.agentloop.api.run.PlanEntry;
import java.util.List;

/**
 * A plan as text, one step a line with its status and the files it produced, for the planner (the
 * planning tool's result, the prompt after a round) and for the executor's next-step prompt.
 */
final class PlanText {
    private PlanText() {
    }

    static String of(List<PlanEntry> entries) {
        if (entries.isEmpty()) {
            return "(no plan yet)";
        }
        StringBuilder text = new StringBuilder();
        for (PlanEntry entry : entries) {
            text.append(text.isEmpty() ? "" : "\n").append('[').append(entry.status().wireName()).append("] ")
                    .append(entry.step().id()).append(": ").append(entry.step().description());
            if (!entry.step().dependsOn().isEmpty()) {
                text.append(" (after ").append(String.join(", ", entry.step().dependsOn())).append(')');
            }
            if (!entry.files().isEmpty()) {
                text.append(" (files: ").append(String.join(", ", entry.files())).append(')');
            }
        }
        return text.toString();
    }
}
