package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.ApprovalRequest;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallState;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runs of a session as the report rebuilds them from the events {@link SessionEvents} keeps. */
class ReportRunsTest {
    @TempDir
    Path folder;

    private ReportRuns recorded(AgentEvent... events) {
        Path file = SessionEvents.beside(folder, "s1");
        SessionEvents recorder = new SessionEvents(file, text -> text, Clock.systemUTC(), "openai", "gpt-test");
        for (AgentEvent event : events) {
            recorder.onEvent(event);
        }
        return ReportRuns.read(file);
    }

    private static RunResult ended(String runId, TerminalReason reason, Usage usage) {
        return new RunResult(runId, AgentState.COMPLETED, Optional.of(reason), Optional.empty(), List.of(), 1,
                List.of(), usage, Duration.ofMillis(30), Optional.empty());
    }

    private static List<AgentEvent> oneModelCall() {
        return List.of(new AgentEvent.StateChanged(AgentState.PLANNING, AgentState.EXECUTING, Duration.ofMillis(1)),
                new AgentEvent.StateChanged(CallState.IDLE, CallState.CALLING, Duration.ofMillis(1)),
                new AgentEvent.StateChanged(CallState.CALLING, CallState.STREAMING, Duration.ofMillis(5)),
                new AgentEvent.UsageUpdated(Usage.of(10, 2), Usage.of(10, 2)),
                new AgentEvent.StateChanged(CallState.STREAMING, CallState.TOOL_EXECUTING, Duration.ofMillis(15)),
                new AgentEvent.StateChanged(CallState.TOOL_EXECUTING, CallState.SUCCESS, Duration.ofMillis(300)),
                new AgentEvent.StateChanged(AgentState.EXECUTING, AgentState.OBSERVING, Duration.ofMillis(321)));
    }

    @Test
    void eachStepOfAPlanHasTheRunThatCarriedItOutAndThePlannersRunsStandApart() {
        List<AgentEvent> events = new java.util.ArrayList<>();
        events.add(new AgentEvent.RunStarted("planner"));
        events.addAll(oneModelCall());
        events.add(new AgentEvent.RunCompleted(ended("planner", TerminalReason.ANSWERED, Usage.of(10, 2))));
        events.add(new AgentEvent.PlanCreated(List.of(new PlanStep("a", "Read", List.of()),
                new PlanStep("b", "Write", List.of("a")))));
        for (String step : List.of("a", "b")) {
            events.add(new AgentEvent.StepStarted(step, "the step"));
            events.add(new AgentEvent.RunStarted("run-" + step));
            events.addAll(oneModelCall());
            events.add(new AgentEvent.RunCompleted(ended("run-" + step, TerminalReason.ANSWERED, Usage.of(10, 2))));
            events.add(new AgentEvent.StepCompleted(step, !step.equals("b"), step.equals("b") ? "it broke" : "read"));
        }
        events.add(new AgentEvent.RunStarted("summary"));

        ReportRuns runs = recorded(events.toArray(AgentEvent[]::new));

        assertThat(runs.blocks).hasSize(3);
        assertThat(((ReportRuns.Run) runs.blocks.get(0)).runId).isEqualTo("planner");
        ReportRuns.Plan plan = (ReportRuns.Plan) runs.blocks.get(1);
        assertThat(plan.steps).extracting(s -> s.id + " " + s.status + " " + s.result + " "
                + s.runs.stream().map(r -> r.runId).toList()).containsExactly("a done read [run-a]",
                "b failed it broke [run-b]");
        assertThat(((ReportRuns.Run) runs.blocks.get(2)).runId).isEqualTo("summary");
        assertThat(plan.steps.getFirst().runs.getFirst().items).singleElement()
                .isInstanceOfSatisfying(ReportRuns.ModelCall.class, call -> {
                    assertThat(call.latencyMillis).isEqualTo(20.0);
                    assertThat(call.usage).isEqualTo(Usage.of(10, 2));
                });
    }

    @Test
    void aCallThatWaitedForApprovalIsShownApprovedWhenTheNextRunCarriesItOut() {
        ReportRuns runs = recorded(new AgentEvent.RunStarted("first"),
                new AgentEvent.ToolCallPending("call_1", "bash", "{\"command\":\"make\"}", List.of("bash asks")),
                new AgentEvent.RunCompleted(ended("first", TerminalReason.AWAITING_APPROVAL, Usage.ZERO)),
                new AgentEvent.RunStarted("second"),
                new AgentEvent.Compacted(40, 12, "summary"),
                new AgentEvent.ToolCallStarted("call_1", "bash", "{\"command\":\"make\"}"),
                new AgentEvent.ToolCallCompleted("call_1", "bash", true, Duration.ofMillis(5),
                        ToolResult.success("built")));

        ReportRuns.Run first = (ReportRuns.Run) runs.blocks.get(0);
        ReportRuns.Run second = (ReportRuns.Run) runs.blocks.get(1);
        assertThat(first.items).singleElement().isInstanceOfSatisfying(ReportRuns.ToolCall.class, call ->
                assertThat(call.permission).isEqualTo("waits for approval: bash asks"));
        assertThat(first.reason).isEqualTo("AWAITING_APPROVAL");
        assertThat(second.items.getFirst()).isEqualTo(new ReportRuns.Compaction(40, 12, "summary"));
        assertThat(second.items.get(1)).isInstanceOfSatisfying(ReportRuns.ToolCall.class, call -> {
            assertThat(call.permission).isEqualTo("approved after the run waited for it");
            assertThat(call.result).isEqualTo("built");
        });
        assertThat(second.ended()).as("its end was never recorded (the process stopped)").isFalse();
    }

    @Test
    void aServedRunThatGoesOnAfterAPauseUnderItsOwnIdIsBothItsRunsInTheReport() {
        ReportRuns runs = recorded(new AgentEvent.RunStarted("run_abc"),
                new AgentEvent.ToolCallPending("call_1", "bash", "{\"command\":\"make\"}", List.of("bash asks")),
                new AgentEvent.RunCompleted(ended("run_abc", TerminalReason.AWAITING_APPROVAL, Usage.of(11, 7))),
                new AgentEvent.RunStarted("run_abc"),
                new AgentEvent.RunCompleted(ended("run_abc", TerminalReason.ANSWERED, Usage.of(11, 7))));

        assertThat(runs.allRuns()).hasSize(2).containsExactlyElementsOf(runs.blocks.stream()
                .map(ReportRuns.Run.class::cast).toList());
        assertThat(runs.allRuns()).extracting(run -> run.reason).containsExactly("AWAITING_APPROVAL", "ANSWERED");
    }

    @Test
    void aCallApprovedAtTheTerminalSaysSo() {
        Path file = SessionEvents.beside(folder, "s1");
        SessionEvents recorder = new SessionEvents(file, text -> text, Clock.systemUTC(), "openai", "gpt-test");
        String make = "{\"command\":\"make\"}";
        recorder.onEvent(new AgentEvent.RunStarted("r"));
        recorder.onEvent(new AgentEvent.ToolCallStarted("c1", "bash", make));
        recorder.onEvent(new AgentEvent.ToolCallStarted("c2", "bash", "{\"command\":\"ls\"}"));

        Approval answer = recorder.approving(request -> Approval.ALLOW_ALWAYS).approve(new ApprovalRequest("bash",
                make, List.of("bash asks"), List.of("bash(make)")));
        recorder.onEvent(new AgentEvent.ToolCallCompleted("c1", "bash", true, Duration.ofMillis(5),
                ToolResult.success("built")));
        recorder.onEvent(new AgentEvent.ToolCallCompleted("c2", "bash", true, Duration.ofMillis(5),
                ToolResult.success("listed")));

        assertThat(answer).isEqualTo(Approval.ALLOW_ALWAYS);
        assertThat(((ReportRuns.Run) ReportRuns.read(file).blocks.getFirst()).items).extracting(
                item -> ((ReportRuns.ToolCall) item).permission)
                .containsExactly("approved by the user, always", "allowed");
    }

    @Test
    void longTextsAreKeptAsExcerptsAndStreamedTextIsLeftOut() throws IOException {
        String big = "x".repeat(SessionEvents.EXCERPT + 500);

        ReportRuns runs = recorded(new AgentEvent.RunStarted("r"), new AgentEvent.TextDelta("a piece of the answer"),
                new AgentEvent.ToolCallStarted("c", "read", "{}"),
                new AgentEvent.ToolCallCompleted("c", "read", true, Duration.ofMillis(1), ToolResult.success(big)));

        ReportRuns.ToolCall call = (ReportRuns.ToolCall) ((ReportRuns.Run) runs.blocks.getFirst()).items.getFirst();
        assertThat(call.result).startsWith("x".repeat(SessionEvents.EXCERPT)).endsWith(" [... 500 more characters]");
        assertThat(Files.readString(SessionEvents.beside(folder, "s1"))).doesNotContain("a piece of the answer")
                .contains("\"provider\":\"openai\",\"model\":\"gpt-test\"");
    }

    @Test
    void aToolsOutputAsItRanIsLeftOutOfTheSessionsEventsSinceTheResultHoldsIt() throws IOException {
        ReportRuns runs = recorded(new AgentEvent.RunStarted("r"), new AgentEvent.ToolCallStarted("c", "bash", "{}"),
                new AgentEvent.ToolOutputDelta("c", "bash", "a line as it was printed\n"),
                new AgentEvent.ToolCallCompleted("c", "bash", true, Duration.ofMillis(1), ToolResult.success("exit code 0")));

        assertThat(((ReportRuns.Run) runs.blocks.getFirst()).items).hasSize(1);
        assertThat(Files.readString(SessionEvents.beside(folder, "s1"))).doesNotContain("a line as it was printed")
                .contains("exit code 0");
    }
}
