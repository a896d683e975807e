package io.agentloop.api.run;

import java.util.List;
import java.util.Objects;

/**
 * One step of a plan: an id, what to do, and the ids of the steps whose results it needs first.
 * Steps without dependencies between them may run at the same time.
 */
public record PlanStep(String id, String description, List<String> dependsOn) {
    public PlanStep {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(description, "description");
        dependsOn = List.copyOf(dependsOn);
    }
}
