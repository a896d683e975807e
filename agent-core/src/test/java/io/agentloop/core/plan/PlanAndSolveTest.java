package io.agentloop.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.run.PlanStep;
import io.agentloop.core.Agent;
import io.agentloop.testkit.RecordingListener;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Plan, run the steps (independent ones together), re-plan after a failure, summarise. */
class PlanAndSolveTest {
    private static final String PLAN = "{\"steps\":["
            + "{\"id\":\"s1\",\"description\":\"read the spec\",\"dependsOn\":[]},"
            + "{\"id\":\"s2\",\"description\":\"list the tests\",\"dependsOn\":[]},"
            + "{\"id\":\"s3\",\"description\":\"compare spec and tests\",\"dependsOn\":[\"s1\"]},"
            + "{\"id\":\"s4\",\"description\":\"count the files\",\"dependsOn\":[]}]}";

    private static String step(ChatRequest request) {
        String prompt = request.messages().getLast().toString();
        return prompt.substring(prompt.indexOf("Your step: ") + "Your step: ".length()).split("\\\\n|\\n")[0];
    }

    @Test
    void independentStepsRunTogetherDependentOnesGetTheirInputsAndTheSummarySeesEveryResult() {
        CyclicBarrier firstTwo = new CyclicBarrier(2);
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            String step = step(request);
            if (step.startsWith("read the spec") || step.startsWith("list the tests")) {
                try {
                    firstTwo.await(20, TimeUnit.SECONDS); // returns only if the other one runs at the same time
                } catch (Exception e) {
                    throw new IllegalStateException("s1 and s2 did not run together", e);
                }
            }
            return ScriptedChatModel.Step.answer(Usage.of(10, 5), "result of " + step);
        });
        ScriptedChatModel planner = ScriptedChatModel.script().usage(Usage.of(50, 20)).answer(PLAN)
                .answer("All four steps are done.").build();
        RecordingListener listener = new RecordingListener();

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).listeners(listener).build().run("Check the tests.");

        assertThat(result.answer()).isEqualTo("All four steps are done.");
        assertThat(result.allSucceeded()).isTrue();
        assertThat(result.steps()).hasSize(4);
        String s3Prompt = executor.requests().stream().map(r -> r.messages().getLast().toString())
                .filter(p -> p.contains("compare spec and tests")).findFirst().orElseThrow();
        assertThat(s3Prompt).contains("[s1] result of read the spec").doesNotContain("[s2]");
        String summary = planner.requests().get(1).messages().getLast().toString();
        assertThat(summary).contains("result of read the spec", "result of list the tests",
                "result of compare spec and tests", "result of count the files");
        assertThat(result.usage()).isEqualTo(Usage.of(50 * 2 + 10 * 4, 20 * 2 + 5 * 4));
        assertThat(listener.ofType(AgentEvent.PlanCreated.class)).singleElement()
                .satisfies(e -> assertThat(e.steps()).extracting(PlanStep::id).containsExactly("s1", "s2", "s3", "s4"));
        assertThat(listener.ofType(AgentEvent.StepStarted.class)).hasSize(4);
        assertThat(listener.ofType(AgentEvent.StepCompleted.class)).hasSize(4).allMatch(AgentEvent.StepCompleted::ok);
        List<String> order = listener.events().stream().map(e -> e instanceof AgentEvent.StepStarted s ? "start " + s.id()
                : e instanceof AgentEvent.StepCompleted c ? "end " + c.id() : "").filter(x -> !x.isEmpty()).toList();
        assertThat(order.indexOf("start s3")).as("s3 waits for s1").isGreaterThan(order.indexOf("end s1"));
    }

    @Test
    void aFailedStepHasTheRestPlannedOnceMore() {
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            String step = step(request);
            if (step.startsWith("list the tests")) {
                return model -> {
                    throw new NonRetryableModelException("the test folder is gone");
                };
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, "result of " + step);
        });
        String replan = "{\"steps\":[{\"id\":\"s5\",\"description\":\"find the tests elsewhere\",\"dependsOn\":[]},"
                + "{\"id\":\"s6\",\"description\":\"compare spec and found tests\",\"dependsOn\":[\"s1\",\"s5\"]}]}";
        ScriptedChatModel planner = ScriptedChatModel.script().answer(PLAN).answer(replan).answer("Done, differently.")
                .build();
        RecordingListener listener = new RecordingListener();

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).parallel(1).listeners(listener).build()
                .run("Check the tests.");

        assertThat(result.replans()).isEqualTo(1);
        String replanPrompt = planner.requests().get(1).messages().getLast().toString();
        assertThat(replanPrompt).contains("Failed: s2: list the tests").contains("the test folder is gone")
                .contains("- s1: read the spec");
        assertThat(listener.ofType(AgentEvent.Replanned.class)).singleElement().satisfies(e -> {
            assertThat(e.failedStep()).isEqualTo("s2");
            assertThat(e.steps()).extracting(PlanStep::id).containsExactly("s5", "s6");
        });
        assertThat(result.steps()).extracting(r -> r.step().id()).contains("s1", "s2", "s5", "s6");
        assertThat(result.steps()).filteredOn(r -> !r.ok()).extracting(r -> r.step().id()).containsExactly("s2");
        String s6Prompt = executor.requests().stream().map(r -> r.messages().getLast().toString())
                .filter(p -> p.contains("compare spec and found tests")).findFirst().orElseThrow();
        assertThat(s6Prompt).contains("[s1] result of read the spec").contains("[s5] result of find the tests");
        assertThat(planner.requests().get(2).messages().getLast().toString()).contains("(failed)")
                .contains("result of find the tests elsewhere");
        assertThat(result.answer()).isEqualTo("Done, differently.");
    }

    @Test
    void atMostParallelStepsRunAtOnceAndTheyDoRunTogether() {
        String four = "{\"steps\":[" + String.join(",", java.util.stream.IntStream.rangeClosed(1, 4).mapToObj(n ->
                "{\"id\":\"s" + n + "\",\"description\":\"job " + n + "\",\"dependsOn\":[]}").toList()) + "]}";
        CyclicBarrier pairs = new CyclicBarrier(2);
        java.util.concurrent.atomic.AtomicInteger inside = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            most.accumulateAndGet(inside.incrementAndGet(), Math::max);
            try {
                pairs.await(20, TimeUnit.SECONDS); // two steps meet here: they run at the same time
            } catch (Exception e) {
                throw new IllegalStateException("no second step ran beside this one", e);
            } finally {
                inside.decrementAndGet();
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, "done " + step(request));
        });
        ScriptedChatModel planner = ScriptedChatModel.script().answer(four).answer("All done.").build();

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).parallel(2).build().run("Four jobs.");

        assertThat(result.allSucceeded()).isTrue();
        assertThat(most.get()).as("never more than two steps at once").isEqualTo(2);
    }

    @Test
    void afterItsLastAllowedReplanAFailureIsLeftToTheSummary() {
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            String step = step(request);
            if (step.startsWith("list the tests") || step.startsWith("find the tests")) {
                return model -> {
                    throw new NonRetryableModelException("no tests anywhere");
                };
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, "result of " + step);
        });
        String replan = "{\"steps\":[{\"id\":\"s5\",\"description\":\"find the tests elsewhere\",\"dependsOn\":[]}]}";
        ScriptedChatModel planner = ScriptedChatModel.script().answer(PLAN).answer(replan).answer("Partly done.")
                .build();
        RecordingListener listener = new RecordingListener();

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).maxReplans(1).listeners(listener).build()
                .run("Check the tests.");

        assertThat(result.replans()).isEqualTo(1);
        assertThat(listener.ofType(AgentEvent.Replanned.class)).hasSize(1);
        assertThat(planner.calls()).as("plan, one re-plan, the summary").isEqualTo(3);
        assertThat(result.steps()).filteredOn(r -> !r.ok()).extracting(r -> r.step().id()).containsExactly("s2", "s5");
        assertThat(planner.requests().get(2).messages().getLast().toString()).contains("(failed)")
                .contains("no tests anywhere");
        assertThat(result.answer()).isEqualTo("Partly done.");
    }

    @Test
    void aResumedPlanRunsOnlyTheStepsNotDoneWithTheResultsItHad() {
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request ->
                ScriptedChatModel.Step.answer(Usage.ZERO, "result of " + step(request)));
        ScriptedChatModel planner = ScriptedChatModel.script().answer("Summary.").build();
        List<PlanStep> steps = List.of(new PlanStep("s1", "read the spec", List.of()),
                new PlanStep("s2", "list the tests", List.of()),
                new PlanStep("s3", "compare spec and tests", List.of("s1", "s2")));
        PlanAndSolve.Progress progress = new PlanAndSolve.Progress(steps, List.of(
                new PlanAndSolve.StepResult(steps.get(0), true, "the spec, saved"),
                new PlanAndSolve.StepResult(steps.get(1), true, "the tests, saved")), 0);

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).build().resume("Check the tests.", progress,
                        io.agentloop.api.CancellationSignal.never());

        assertThat(executor.requests()).singleElement().satisfies(request -> assertThat(request.messages().getLast()
                .toString()).contains("compare spec and tests").contains("[s1] the spec, saved")
                .contains("[s2] the tests, saved"));
        assertThat(result.steps()).extracting(r -> r.step().id()).containsExactly("s1", "s2", "s3");
        assertThat(result.answer()).isEqualTo("Summary.");
    }

    @Test
    void aPlanWhoseStepsDependOnEachOtherInALoopIsRefused() {
        assertThatThrownBy(() -> PlanAndSolve.check(List.of(new PlanStep("a", "x", List.of("b")),
                new PlanStep("b", "y", List.of("a"))))).isInstanceOf(AgentException.class)
                .hasMessage("the plan's steps depend on each other in a loop: [a, b]");
        assertThatThrownBy(() -> PlanAndSolve.check(List.of(new PlanStep("a", "x", List.of()),
                new PlanStep("a", "y", List.of())))).hasMessage("the plan has two steps with the id 'a'");
    }
}
