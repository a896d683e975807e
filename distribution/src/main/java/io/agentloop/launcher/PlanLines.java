package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.run.PlanEntry;
import java.io.PrintWriter;
import java.util.stream.Collectors;

/**
 * The lines {@code run --plan} writes about the plan on the console: its steps ({@code [plan]}),
 * their statuses each time they change ({@code [plan] s1 completed, s2 in_progress, ...}), each step
 * as it starts and ends with the files it produced ({@code [step s1] done (files: a.md)}), and the
 * steps of a new plan ({@code [replan]}).
 */
final class PlanLines implements AgentListener {
    private final RunView console;
    private final PrintWriter out;
    private String lastStatuses = "";

    PlanLines(RunView console, PrintWriter out) {
        this.console = console;
        this.out = out;
    }

    @Override
    public synchronized void onEvent(AgentEvent event) {
        switch (event) {
            case AgentEvent.PlanCreated created -> created.steps().forEach(step -> console.line("[plan] " + step.id()
                    + ": " + step.description() + (step.dependsOn().isEmpty() ? ""
                    : " (after " + String.join(", ", step.dependsOn()) + ")")));
            case AgentEvent.PlanUpdated updated -> {
                String statuses = updated.entries().stream().map(PlanLines::status).collect(Collectors.joining(", "));
                if (statuses.equals(lastStatuses)) {
                    return;
                }
                lastStatuses = statuses;
                console.line("[plan] " + statuses);
            }
            case AgentEvent.Replanned replanned -> replanned.steps().forEach(step -> console.line("[replan] "
                    + step.id() + ": " + step.description()));
            case AgentEvent.StepStarted started -> console.line("[step " + started.id() + "] " + started.description());
            case AgentEvent.StepCompleted completed -> console.line("[step " + completed.id() + "] "
                    + (completed.ok() ? "done" : "failed: " + completed.result()) + (completed.files().isEmpty() ? ""
                    : " (files: " + String.join(", ", completed.files()) + ")"));
            default -> {
                return; // the runs' own events are shown by the renderer
            }
        }
        out.flush();
    }

    private static String status(PlanEntry entry) {
        return entry.step().id() + " " + entry.status().wireName();
    }
}
