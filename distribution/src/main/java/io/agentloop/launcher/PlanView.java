package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code run --plan} passes on to the view of the runs it makes. The planner keeps the plan
 * through its planning tool, which the console shows as {@code [plan]} lines instead: so the text of
 * a run made outside any step (the planner's, or the summary's) is held back until the run ends, and
 * dropped when the run called the planning tool (the planner's) or answered with a structured value;
 * the planning tool's calls are not shown. Text before another tool call is an earlier turn's and
 * goes out then. Those runs never overlap a step or each other, so what is held is theirs alone;
 * a step's run is passed on as it streams.
 */
final class PlanView implements AgentListener {
    private final AgentListener view;
    private final List<AgentEvent> held = new ArrayList<>();
    private int stepsRunning;
    private boolean planning;

    PlanView(AgentListener view) {
        this.view = view;
    }

    @Override
    public synchronized void onEvent(AgentEvent event) {
        switch (event) {
            case AgentEvent.StepStarted started -> stepsRunning++;
            case AgentEvent.StepCompleted completed -> stepsRunning = Math.max(0, stepsRunning - 1);
            case AgentEvent.TextDelta text when stepsRunning == 0 -> {
                held.add(text);
                return;
            }
            case AgentEvent.ToolCallStarted call when stepsRunning == 0 && planningTool(call.name()) -> {
                planning = true;
                return;
            }
            case AgentEvent.ToolCallCompleted call when stepsRunning == 0 && planningTool(call.name()) -> {
                return;
            }
            case AgentEvent.ToolError call when stepsRunning == 0 && planningTool(call.name()) -> {
                return;
            }
            case AgentEvent.ToolCallStarted call when stepsRunning == 0 -> release();
            case AgentEvent.RunCompleted done when stepsRunning == 0 -> {
                if (done.result().output().isPresent() || planning) {
                    held.clear();
                } else {
                    release();
                }
                planning = false;
            }
            default -> {
            }
        }
        view.onEvent(event);
    }

    private static boolean planningTool(String name) {
        return name.equals(io.agentloop.core.plan.PlanningTool.NAME);
    }

    private void release() {
        held.forEach(view::onEvent);
        held.clear();
    }
}
