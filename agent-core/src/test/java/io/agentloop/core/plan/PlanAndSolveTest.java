package io.agentloop.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.run.PlanStep;
import io.agentloop.core.Agent;
import io.agentloop.testkit.RecordingListener;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Plan through the planning tool, run the steps round by round (independent ones together), re-plan, summarise. */
class PlanAndSolveTest {
    private static final String PLAN = "["
            + "{\"id\":\"s1\",\"description\":\"read the spec\"},"
            + "{\"id\":\"s2\",\"description\":\"list the tests\"},"
            + "{\"id\":\"s3\",\"description\":\"compare spec and tests\",\"depends_on\":[\"s1\"]},"
            + "{\"id\":\"s4\",\"description\":\"count the files\"}]";

    /** The step a request of the executor is for (the last user message is its next-step prompt). */
    static String step(ChatRequest request) {
        String prompt = request.messages().reversed().stream().filter(m -> m instanceof UserMessage)
                .map(m -> ((UserMessage) m).content().getFirst().text()).findFirst().orElseThrow();
        return prompt.substring(prompt.indexOf("Your step: ") + "Your step: ".length()).split("\n")[0];
    }

    private static String prompt(ScriptedChatModel model, String step) {
        return model.requests().stream().map(ScriptedPlanner::text).filter(p -> p.contains("Your step: " + step))
                .findFirst().orElseThrow();
    }

    @Test
    void independentStepsRunTogetherDependentOnesGetTheirInputsAndTheSummarySeesEveryResult() {
        CyclicBarrier firstThree = new CyclicBarrier(3);
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            String step = step(request);
            if (!step.startsWith("compare")) {
                try {
                    firstThree.await(60, TimeUnit.SECONDS); // returns only if the others run at the same time
                } catch (Exception e) {
                    throw new IllegalStateException("s1, s2 and s4 did not run together", e);
                }
            }
            return ScriptedChatModel.Step.answer(Usage.of(10, 5), "result of " + step);
        });
        ScriptedChatModel planner = ScriptedPlanner.of(PLAN, Map.of(), "All four steps are done.");
        RecordingListener listener = new RecordingListener();

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).listeners(listener).build().run("Check the tests.");

        assertThat(result.answer()).isEqualTo("All four steps are done.");
        assertThat(result.allSucceeded()).isTrue();
        assertThat(result.steps()).hasSize(4);
        assertThat(prompt(executor, "compare spec and tests")).contains("[s1] result of read the spec")
                .doesNotContain("[s2]");
        String summary = ScriptedPlanner.text(planner.requests().getLast());
        assertThat(summary).contains("result of read the spec", "result of list the tests",
                "result of compare spec and tests", "result of count the files");
        assertThat(result.usage()).isEqualTo(Usage.of(10 * 4, 5 * 4));
        assertThat(listener.ofType(AgentEvent.PlanCreated.class)).singleElement()
                .satisfies(e -> assertThat(e.steps()).extracting(PlanStep::id).containsExactly("s1", "s2", "s3", "s4"));
        assertThat(listener.ofType(AgentEvent.StepStarted.class)).hasSize(4);
        assertThat(listener.ofType(AgentEvent.StepCompleted.class)).hasSize(4).allMatch(AgentEvent.StepCompleted::ok);
        List<String> order = listener.events().stream().map(e -> e instanceof AgentEvent.StepStarted s ? "start " + s.id()
                : e instanceof AgentEvent.StepCompleted c ? "end " + c.id() : "").filter(x -> !x.isEmpty()).toList();
        assertThat(order.indexOf("start s3")).as("s3 waits for s1").isGreaterThan(order.indexOf("end s1"));
    }

    @Test
    void aThreeStepPlanWhoseSecondStepFailsIsReplannedRoundByRoundWithItsPromptsAndFiles() {
        Map<String, String> files = Map.of("write the outline", "outline.md", "write the chapter", "chapter.md",
                "write a shorter chapter", "chapter.md", "write the index", "index.md");
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            String step = step(request);
            if (!(request.messages().getLast() instanceof io.agentloop.api.message.ToolMessage)) {
                return ScriptedChatModel.Step.toolCalls(Usage.ZERO, List.of(io.agentloop.api.message.ToolCall.of(
                        "note_" + step.length(), "note", "{\"path\":\"" + files.get(step) + "\"}")));
            }
            if (step.equals("write the chapter")) {
                return model -> {
                    throw new NonRetryableModelException("the chapter is too long");
                };
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, "wrote " + files.get(step));
        });
        ScriptedChatModel planner = ScriptedPlanner.of("[{\"id\":\"s1\",\"description\":\"write the outline\"},"
                + "{\"id\":\"s2\",\"description\":\"write the chapter\",\"depends_on\":[\"s1\"]},"
                + "{\"id\":\"s3\",\"description\":\"write the index\",\"depends_on\":[\"s2\"]}]", Map.of("s2",
                "[{\"id\":\"s4\",\"description\":\"write a shorter chapter\",\"depends_on\":[\"s1\"]},"
                        + "{\"id\":\"s3\",\"description\":\"write the index\",\"depends_on\":[\"s4\"]}]"),
                "The book is written.");
        RecordingListener listener = new RecordingListener();

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).tools(new NoteTool()).build()).listeners(listener).build()
                .run("Write a short book.");

        assertThat(listener.ofType(AgentEvent.PlanUpdated.class)).extracting(e -> String.join(" ", e.entries().stream()
                .map(entry -> entry.step().id() + ":" + entry.status().wireName()).toList())).containsExactly(
                "s1:not_started s2:not_started s3:not_started",
                "s1:in_progress s2:not_started s3:not_started",
                "s1:completed s2:not_started s3:not_started",
                "s1:completed s2:in_progress s3:not_started",
                "s1:completed s2:blocked s4:not_started s3:not_started",
                "s1:completed s2:blocked s4:in_progress s3:not_started",
                "s1:completed s2:blocked s4:completed s3:not_started",
                "s1:completed s2:blocked s4:completed s3:in_progress",
                "s1:completed s2:blocked s4:completed s3:completed");
        assertThat(prompt(executor, "write the index")).contains(
                "[completed] s1: write the outline (files: outline.md)",
                "[blocked] s2: write the chapter (after s1) (files: chapter.md)",
                "[completed] s4: write a shorter chapter (after s1) (files: chapter.md)",
                "[in_progress] s3: write the index (after s4)", "[s4] wrote chapter.md");
        assertThat(prompt(executor, "write the chapter")).contains("[in_progress] s2: write the chapter",
                "[s1] wrote outline.md");
        assertThat(planner.requests().stream().map(ScriptedPlanner::text).filter(p -> p.startsWith("A round")))
                .hasSize(4).element(1).asString().contains("[s2] failed: ", "the chapter is too long",
                        "(files: chapter.md)");
        assertThat(result.steps()).extracting(r -> r.step().id() + " " + r.ok() + " " + r.files()).containsExactly(
                "s1 true [outline.md]", "s2 false [chapter.md]", "s4 true [chapter.md]", "s3 true [index.md]");
        assertThat(listener.ofType(AgentEvent.StepCompleted.class)).extracting(e -> e.id() + " " + e.files())
                .containsExactly("s1 [outline.md]", "s2 [chapter.md]", "s4 [chapter.md]", "s3 [index.md]");
        assertThat(result.plan()).extracting(e -> e.step().id() + " " + e.files()).containsExactly(
                "s1 [outline.md]", "s2 [chapter.md]", "s4 [chapter.md]", "s3 [index.md]");
        assertThat(result.files()).containsExactly("outline.md", "chapter.md", "index.md");
        assertThat(result.replans()).isEqualTo(1);
        assertThat(listener.ofType(AgentEvent.Replanned.class)).singleElement().satisfies(e -> {
            assertThat(e.failedStep()).isEqualTo("s2");
            assertThat(e.steps()).extracting(PlanStep::id).containsExactly("s4", "s3");
        });
        assertThat(ScriptedPlanner.text(planner.requests().getLast())).contains("(files: index.md)");
        assertThat(result.answer()).isEqualTo("The book is written.");
    }

    @Test
    void eachStepStartsFromTheEarlierStepsAnswersWithTheirToolContextCleared() {
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            if (!(request.messages().getLast() instanceof io.agentloop.api.message.ToolMessage)) {
                return ScriptedChatModel.Step.toolCalls(Usage.ZERO, List.of(io.agentloop.api.message.ToolCall.of(
                        "note_1", "note", "{\"path\":\"notes.md\"}")));
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, "did " + step(request));
        });
        ScriptedChatModel planner = ScriptedPlanner.of("[{\"id\":\"a\",\"description\":\"gather\"},"
                + "{\"id\":\"b\",\"description\":\"sort\",\"depends_on\":[\"a\"]}]", Map.of(), "Sorted.");

        PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).tools(new NoteTool()).build()).build().run("Sort things.");

        ChatRequest second = executor.requests().stream().filter(r -> step(r).equals("sort")).findFirst().orElseThrow();
        assertThat(second.messages()).hasSize(3);
        assertThat(second.messages().subList(0, 2)).extracting(m -> m.role().name() + " " + (m instanceof
                io.agentloop.api.message.AssistantMessage a ? a.text() : ((io.agentloop.api.message.UserMessage) m)
                .content().getFirst().text())).containsExactly("USER Step a: gather", "ASSISTANT did gather");
    }

    @Test
    void atMostParallelStepsRunAtOnceAndTheyDoRunTogether() {
        String four = "[" + String.join(",", IntStream.rangeClosed(1, 4).mapToObj(n ->
                "{\"id\":\"s" + n + "\",\"description\":\"job " + n + "\"}").toList()) + "]";
        CyclicBarrier pairs = new CyclicBarrier(2);
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> {
            most.accumulateAndGet(inside.incrementAndGet(), Math::max);
            try {
                pairs.await(60, TimeUnit.SECONDS); // two steps meet here: they run at the same time
            } catch (Exception e) {
                throw new IllegalStateException("no second step ran beside this one", e);
            } finally {
                inside.decrementAndGet();
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, "done " + step(request));
        });
        ScriptedChatModel planner = ScriptedPlanner.of(four, Map.of(), "All done.");

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).parallel(2).build().run("Four jobs.");

        assertThat(result.allSucceeded()).isTrue();
        assertThat(most.get()).as("never more than two steps at once").isEqualTo(2);
        assertThat(planner.requests().stream().map(ScriptedPlanner::text).filter(p -> p.startsWith("A round")))
                .as("two rounds of two, each reviewed").hasSize(2);
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
        String replan = "[{\"id\":\"s5\",\"description\":\"find the tests elsewhere\"}]";
        ScriptedChatModel planner = ScriptedPlanner.of(PLAN, Map.of("s2", replan, "s5",
                "[{\"id\":\"s6\",\"description\":\"give up\"}]"), "Partly done.");
        RecordingListener listener = new RecordingListener();

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).maxReplans(1).listeners(listener).build()
                .run("Check the tests.");

        assertThat(result.replans()).isEqualTo(1);
        assertThat(listener.ofType(AgentEvent.Replanned.class)).hasSize(1);
        assertThat(result.steps()).filteredOn(r -> !r.ok()).extracting(r -> r.step().id()).containsExactly("s2", "s5");
        assertThat(result.plan()).extracting(e -> e.step().id() + ":" + e.status().wireName())
                .contains("s2:blocked", "s5:blocked").doesNotContain("s6:not_started");
        assertThat(ScriptedPlanner.text(planner.requests().getLast())).contains("(failed)").contains("no tests anywhere");
        assertThat(result.answer()).isEqualTo("Partly done.");
    }

    @Test
    void aResumedPlanRunsOnlyTheStepsNotDoneWithTheResultsItHad() {
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request ->
                ScriptedChatModel.Step.answer(Usage.ZERO, "result of " + step(request)));
        ScriptedChatModel planner = ScriptedPlanner.of("[]", Map.of(), "Summary.");
        List<PlanStep> steps = List.of(new PlanStep("s1", "read the spec", List.of()),
                new PlanStep("s2", "list the tests", List.of()),
                new PlanStep("s3", "compare spec and tests", List.of("s1", "s2")));
        PlanAndSolve.Progress progress = new PlanAndSolve.Progress(steps, List.of(
                new PlanAndSolve.StepResult(steps.get(0), true, "the spec, saved"),
                new PlanAndSolve.StepResult(steps.get(1), true, "the tests, saved")), 0);

        PlanAndSolve.Result result = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).build().resume("Check the tests.", progress,
                        io.agentloop.api.CancellationSignal.never());

        assertThat(executor.requests()).singleElement().satisfies(request -> assertThat(ScriptedPlanner.text(request))
                .contains("compare spec and tests").contains("[s1] the spec, saved")
                .contains("[s2] the tests, saved"));
        assertThat(result.steps()).extracting(r -> r.step().id()).containsExactly("s1", "s2", "s3");
        assertThat(result.plan()).extracting(e -> e.status().wireName()).containsOnly("completed");
        assertThat(result.answer()).isEqualTo("Summary.");
    }

    @Test
    void aPlannerThatMakesNoPlanIsAnErrorSayingWhatItNeeds() {
        ScriptedChatModel planner = ScriptedChatModel.script().answer("First, read the spec.").build();
        PlanAndSolve planAndSolve = PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(planner).build()).build();

        assertThatThrownBy(() -> planAndSolve.run("Check the tests.")).isInstanceOf(AgentException.class)
                .hasMessageContaining("the planner made no plan for: Check the tests.")
                .hasMessageContaining("did not call the planning tool with command create");
    }

    @Test
    void aPlanWhoseStepsDependOnEachOtherInALoopOrOnNoStepIsRefused() {
        assertThatThrownBy(() -> PlanShape.check(List.of(new PlanStep("a", "x", List.of("b")),
                new PlanStep("b", "y", List.of("a"))))).isInstanceOf(AgentException.class)
                .hasMessage("the plan's steps depend on each other in a loop: [a, b]");
        assertThatThrownBy(() -> PlanShape.check(List.of(new PlanStep("a", "x", List.of()),
                new PlanStep("a", "y", List.of())))).hasMessage("the plan has two steps with the id 'a'");
        assertThatThrownBy(() -> PlanShape.check(List.of(new PlanStep("a", "x", List.of("z")))))
                .hasMessage("step 'a' depends on 'z', which is no step of the plan");
    }
}
