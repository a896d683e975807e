package io.agentloop.core.plan;

import io.agentloop.api.run.PlanEntry;
import io.agentloop.api.run.PlanStep;
import java.util.List;
import java.util.Map;

/**
 * What plan-and-solve asks its agents: the planner to make the plan and, after every round, to mark
 * the round's steps (and make the rest again when a step failed); the executor, each step's
 * next-step prompt (the goal, the plan as it stands, its step and the results it builds on); the
 * summarizer, the answer from every step's result.
 */
final class PlanPrompts {
    private PlanPrompts() {
    }

    static String plan(String goal) {
        return "Make a plan for this goal with the planning tool (command create): a few steps, each with a short "
                + "id, what to do, and the ids of the steps whose results it needs (steps that need nothing from each "
                + "other run at the same time). Then answer in one line.\n\nGoal: " + goal;
    }

    /** After a round: the plan with its statuses and what each step of the round gave. */
    static String review(String goal, List<PlanEntry> plan, List<PlanAndSolve.StepResult> round) {
        StringBuilder text = new StringBuilder("A round of the plan for this goal ended. With the planning tool, mark "
                + "each step of this round completed, or blocked when it failed or did not do what it was for. If a "
                + "blocked step is still needed, update the plan: new steps, with ids not used yet, for what is left "
                + "(they may depend on completed steps). Then answer in one line.\n\nGoal: ").append(goal)
                .append("\n\nThe plan:\n").append(PlanText.of(plan)).append("\n\nThis round:");
        for (PlanAndSolve.StepResult result : round) {
            text.append("\n\n[").append(result.step().id()).append("] ").append(result.ok() ? "ended" : "failed")
                    .append(": ").append(result.text());
            if (!result.files().isEmpty()) {
                text.append("\n(files: ").append(String.join(", ", result.files())).append(')');
            }
        }
        return text.toString();
    }

    /** The next-step prompt: the step to do now, in its plan. */
    static String step(String goal, PlanStep step, List<PlanEntry> plan, Map<String, PlanAndSolve.StepResult> inputs) {
        StringBuilder text = new StringBuilder("You are doing one step of a plan for this goal: ").append(goal)
                .append("\n\nThe plan as it stands:\n").append(PlanText.of(plan))
                .append("\n\nYour step: ").append(step.description());
        if (!inputs.isEmpty()) {
            text.append("\n\nResults of the steps it builds on:");
            inputs.forEach((id, result) -> text.append("\n\n[").append(id).append("] ").append(result.text()));
        }
        return text.append("\n\nDo this step only, with the tools you have, and answer with its result.").toString();
    }

    static String summary(String goal, Map<String, PlanAndSolve.StepResult> done) {
        StringBuilder text = new StringBuilder("Answer the goal from the results of the plan's steps.\n\nGoal: ")
                .append(goal);
        done.values().forEach(r -> text.append("\n\n[").append(r.step().id()).append("] ").append(r.step()
                .description()).append(r.ok() ? "\n" : " (failed)\n").append(r.text()).append(r.files().isEmpty() ? ""
                : "\n(files: " + String.join(", ", r.files()) + ")"));
        return text.toString();
    }
}
