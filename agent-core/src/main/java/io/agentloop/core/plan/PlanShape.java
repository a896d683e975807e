package io.agentloop.core.plan;

import io.agentloop.api.AgentException;
import io.agentloop.api.run.PlanStep;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What makes a list of steps a plan that can be carried out: checked when the planner makes or
 * changes it ({@link PlanningTool}), so that a bad plan is refused with the reason, for the planner
 * to fix, before any step runs.
 */
final class PlanShape {
    private PlanShape() {
    }

    /** Ids are unique, dependencies name steps of the plan, and nothing depends on itself in a loop. */
    static void check(List<PlanStep> steps) {
        check(steps, Set.of());
    }

    /**
     * Ids are unique, dependencies name steps of the plan or of {@code known} (steps kept from before),
     * and nothing depends on itself in a loop.
     */
    static void check(List<PlanStep> steps, Set<String> known) {
        if (steps.isEmpty()) {
            throw new AgentException("the plan has no steps");
        }
        Set<String> ids = new HashSet<>();
        for (PlanStep step : steps) {
            if (!ids.add(step.id())) {
                throw new AgentException("the plan has two steps with the id '" + step.id() + "'");
            }
        }
        for (PlanStep step : steps) {
            for (String after : step.dependsOn()) {
                if (!ids.contains(after) && !known.contains(after)) {
                    throw new AgentException("step '" + step.id() + "' depends on '" + after + "', which is no step "
                            + "of the plan");
                }
            }
        }
        Set<String> placed = new HashSet<>(known);
        List<PlanStep> left = new ArrayList<>(steps);
        while (!left.isEmpty()) {
            List<PlanStep> ready = left.stream().filter(s -> placed.containsAll(s.dependsOn())).toList();
            if (ready.isEmpty()) {
                throw new AgentException("the plan's steps depend on each other in a loop: "
                        + left.stream().map(PlanStep::id).toList());
            }
            ready.forEach(s -> placed.add(s.id()));
            left.removeAll(ready);
        }
    }

}
