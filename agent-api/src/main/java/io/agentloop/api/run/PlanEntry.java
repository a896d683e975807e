package io.agentloop.api.run;

import java.util.List;
import java.util.Objects;

/**
 * A step of a plan as the plan stands: the step, its status, and the files it created or changed
 * (paths as its tools showed them, in the order first changed; empty until it ran).
 */
public record PlanEntry(PlanStep step, StepStatus status, List<String> files) {
    public PlanEntry {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(status, "status");
        files = List.copyOf(files);
    }

    public PlanEntry withStatus(StepStatus value) {
        return new PlanEntry(step, value, files);
    }
}
