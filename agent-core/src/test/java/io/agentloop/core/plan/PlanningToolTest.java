package io.agentloop.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.PlanEntry;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.testkit.TestToolContext;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The planning tool keeps a plan that always ends: statuses only move forward, re-plans are bounded. */
class PlanningToolTest {
    private static final Map<String, Object> CREATE = Map.of("command", "create", "steps", List.of(
            Map.of("id", "a", "description", "gather"),
            Map.of("id", "b", "description", "sort", "depends_on", List.of("a"))));

    private static ToolResult call(PlanningTool tool, Map<String, Object> arguments) {
        return tool.execute(ToolArguments.of(arguments), new TestToolContext());
    }

    private static List<String> statuses(PlanningTool tool) {
        return tool.entries().stream().map(PlanEntry::status).map(s -> s.wireName()).toList();
    }

    @Test
    void createdStepsAreHandedOutOnceTheirDependenciesAreCompletedAndTheResultShowsThePlan() {
        PlanningTool tool = new PlanningTool(1);

        assertThat(call(tool, CREATE)).isEqualTo(ToolResult.success(
                "[not_started] a: gather\n[not_started] b: sort (after a)"));
        assertThat(tool.next(3)).extracting(s -> s.id()).containsExactly("a");
        assertThat(tool.next(3)).as("b waits for a").isEmpty();
        assertThat(call(tool, Map.of("command", "mark_step", "step_id", "a", "step_status", "completed")))
                .isInstanceOf(ToolResult.Success.class);
        assertThat(tool.next(3)).extracting(s -> s.id()).containsExactly("b");
        assertThat(statuses(tool)).containsExactly("completed", "in_progress");
    }

    @Test
    void aCompletedStepStaysCompletedAndAStepIsNeverStartedByThePlanner() {
        PlanningTool tool = new PlanningTool(1);
        call(tool, CREATE);
        tool.next(1);
        call(tool, Map.of("command", "mark_step", "step_id", "a", "step_status", "completed"));

        assertThat(call(tool, Map.of("command", "mark_step", "step_id", "a", "step_status", "blocked")))
                .isEqualTo(ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS, "step 'a' is completed already"));
        assertThat(call(tool, Map.of("command", "mark_step", "step_id", "z", "step_status", "blocked")))
                .isEqualTo(ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS,
                        "the plan has no step 'z'; its steps are [a, b]"));
        assertThat(statuses(tool)).containsExactly("completed", "not_started");
    }

    @Test
    void anUpdateReplacesTheStepsNotStartedKeepsTheRestAndIsRefusedWhenNoReplanIsLeft() {
        PlanningTool tool = new PlanningTool(1);
        call(tool, CREATE);
        tool.next(1);
        call(tool, Map.of("command", "mark_step", "step_id", "a", "step_status", "blocked"));
        Map<String, Object> update = Map.of("command", "update", "steps", List.of(
                Map.of("id", "c", "description", "gather elsewhere")));

        assertThat(call(tool, Map.of("command", "update", "steps", List.of(Map.of("id", "a", "description", "x")))))
                .isEqualTo(ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS,
                        "step 'a' is done, running or blocked: give the new steps ids not used yet"));
        assertThat(call(tool, update)).isInstanceOf(ToolResult.Success.class);
        assertThat(tool.entries()).extracting(e -> e.step().id() + ":" + e.status().wireName())
                .containsExactly("a:blocked", "c:not_started");
        assertThat(tool.replans()).isEqualTo(1);
        assertThat(call(tool, update)).isInstanceOf(ToolResult.Failure.class).satisfies(r -> assertThat(
                ((ToolResult.Failure) r).message()).startsWith("the plan may not be made again any more"));
        assertThat(call(tool, CREATE)).isEqualTo(ToolResult.failure(ToolResult.Failure.INVALID_ARGUMENTS,
                "the plan exists already: mark its steps, or update the steps not completed"));
    }
}
