package io.agentloop.core.plan;

import io.agentloop.api.AgentException;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.output.OutputSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Plan-and-solve: a planner agent turns a goal into steps with dependencies (a structured answer),
 * an executor agent runs the steps (those whose dependencies are done at the same time, up to a
 * bound), a step that fails has the rest of the plan made again (a bounded number of times), and a
 * summary agent writes the answer from every step's result. The three may be one agent.
 *
 * <pre>{@code
 * PlanAndSolve.Result result = PlanAndSolve.builder().planner(planner).executor(worker).summarizer(writer)
 *         .build().run("Compare the three storage engines and recommend one.");
 * }</pre>
 */
public final class PlanAndSolve {
    /** What the planner answers. */
    public record Plan(List<PlanStep> steps) {
    }

    /** A step's outcome: its result text, or what went wrong. */
    public record StepResult(PlanStep step, boolean ok, String text) {
    }

    /**
     * How it went.
     *
     * @param steps   every step that ran, in the order they ended
     * @param answer  the summary, written from the results
     * @param replans how many times the plan was made again
     * @param usage   the tokens of every run (planning, steps, summary)
     */
    public record Result(List<StepResult> steps, String answer, int replans, Usage usage) {
        public boolean allSucceeded() {
            return steps.stream().allMatch(StepResult::ok);
        }
    }

    private final Agent planner;
    private final Agent executor;
    private final Agent summarizer;
    private final int parallel;
    private final int maxReplans;
    private final List<AgentListener> listeners;

    private PlanAndSolve(Builder builder) {
        this.planner = Objects.requireNonNull(builder.planner, "planner");
        this.executor = Objects.requireNonNull(builder.executor, "executor");
        this.summarizer = builder.summarizer != null ? builder.summarizer : builder.planner;
        this.parallel = builder.parallel;
        this.maxReplans = builder.maxReplans;
        this.listeners = List.copyOf(builder.listeners);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Result run(String goal) {
        return run(goal, CancellationSignal.never());
    }

    /**
     * Plans, runs the steps and summarises.
     *
     * @throws AgentException when the planner gives no usable plan, or the summary fails
     */
    public Result run(String goal, CancellationSignal cancellation) {
        Usage[] usage = {Usage.ZERO};
        List<PlanStep> steps = plan(goal, planPrompt(goal), usage, cancellation);
        publish(new AgentEvent.PlanCreated(steps));
        return solve(goal, steps, new LinkedHashMap<>(), 0, usage, cancellation);
    }

    /**
     * Where a plan got to, to go on from there (after the process running it stopped).
     *
     * @param steps   the plan's steps as last made
     * @param done    the steps that ended, with their results, in the order they ended
     * @param replans how many times the plan was made again already
     */
    public record Progress(List<PlanStep> steps, List<StepResult> done, int replans) {
        public Progress {
            steps = List.copyOf(steps);
            done = List.copyOf(done);
        }
    }

    /**
     * Goes on with a plan from where it got to: the steps that succeeded are not run again (a step
     * that failed counts as failed, and re-planning goes on if it may); then the summary.
     *
     * @throws AgentException when the summary fails
     */
    public Result resume(String goal, Progress progress, CancellationSignal cancellation) {
        Map<String, StepResult> done = new LinkedHashMap<>();
        progress.done().forEach(result -> done.put(result.step().id(), result));
        Usage[] usage = {Usage.ZERO};
        Optional<StepResult> failedBefore = progress.done().stream().filter(r -> !r.ok())
                .filter(r -> progress.steps().stream().anyMatch(s -> s.id().equals(r.step().id()))).findFirst();
        List<PlanStep> steps = progress.steps();
        int replans = progress.replans();
        if (failedBefore.isPresent() && replans < maxReplans) {
            replans++;
            steps = plan(goal, replanPrompt(goal, done, failedBefore.get()), usage, cancellation);
            publish(new AgentEvent.Replanned(failedBefore.get().step().id(), steps));
        }
        return solve(goal, steps, done, replans, usage, cancellation);
    }

    private Result solve(String goal, List<PlanStep> planned, Map<String, StepResult> done, int replansSoFar,
                         Usage[] usage, CancellationSignal cancellation) {
        List<PlanStep> steps = planned;
        int replans = replansSoFar;
        while (true) {
            Optional<StepResult> failed = execute(goal, steps, done, usage, cancellation);
            if (failed.isEmpty() || replans >= maxReplans || cancellation.isCancelled()) {
                break;
            }
            replans++;
            steps = plan(goal, replanPrompt(goal, done, failed.get()), usage, cancellation);
            publish(new AgentEvent.Replanned(failed.get().step().id(), steps));
        }
        RunResult summary = summarizer.run(List.of(), summaryPrompt(goal, done), cancellation);
        usage[0] = usage[0].plus(summary.usage());
        if (!summary.success()) {
            throw summary.error().orElseGet(() -> new AgentException("the summary ended without an answer ("
                    + summary.reason().map(Enum::name).orElse("failed") + ")"));
        }
        return new Result(List.copyOf(done.values()), summary.text(), replans, usage[0]);
    }

    private List<PlanStep> plan(String goal, String prompt, Usage[] usage, CancellationSignal cancellation) {
        RunResult result = planner.run(prompt, cancellation, OutputSchema.of(Plan.class));
        usage[0] = usage[0].plus(result.usage());
        Plan plan = OutputSchema.convert(result.output().orElseThrow(() -> result.error().orElseGet(() ->
                new AgentException("the planner gave no plan for: " + goal))), Plan.class);
        check(plan.steps());
        return plan.steps();
    }

    /** Ids are unique, dependencies name earlier or existing steps, and nothing depends on itself in a loop. */
    static void check(List<PlanStep> steps) {
        if (steps.isEmpty()) {
            throw new AgentException("the planner gave a plan with no steps");
        }
        Set<String> ids = new HashSet<>();
        for (PlanStep step : steps) {
            if (!ids.add(step.id())) {
                throw new AgentException("the plan has two steps with the id '" + step.id() + "'");
            }
        }
        Set<String> placed = new HashSet<>();
        List<PlanStep> left = new ArrayList<>(steps);
        while (!left.isEmpty()) {
            List<PlanStep> ready = left.stream().filter(s -> placed.containsAll(s.dependsOn().stream()
                    .filter(ids::contains).toList())).toList();
            if (ready.isEmpty()) {
                throw new AgentException("the plan's steps depend on each other in a loop: "
                        + left.stream().map(PlanStep::id).toList());
            }
            ready.forEach(s -> placed.add(s.id()));
            left.removeAll(ready);
        }
    }

    /**
     * Runs the steps not done yet, each once its dependencies are done (dependencies outside the
     * plan count as done when they are in {@code done}), at most {@code parallel} at once.
     *
     * @return the first step that failed, if one did (the others in flight are waited for)
     */
    private Optional<StepResult> execute(String goal, List<PlanStep> steps, Map<String, StepResult> done,
                                         Usage[] usage, CancellationSignal cancellation) {
        List<PlanStep> waiting = new ArrayList<>(steps.stream().filter(s -> !done.containsKey(s.id())).toList());
        Set<String> running = new HashSet<>();
        Optional<StepResult> failed = Optional.empty();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            CompletionService<StepResult> completions = new ExecutorCompletionService<>(pool);
            List<Future<StepResult>> futures = new ArrayList<>();
            while (true) {
                if (failed.isEmpty() && !cancellation.isCancelled()) {
                    for (PlanStep step : List.copyOf(waiting)) {
                        boolean ready = step.dependsOn().stream().allMatch(d -> done.containsKey(d) && done.get(d).ok());
                        if (ready && running.size() < parallel) {
                            waiting.remove(step);
                            running.add(step.id());
                            publish(new AgentEvent.StepStarted(step.id(), step.description()));
                            Map<String, StepResult> inputs = new LinkedHashMap<>();
                            step.dependsOn().forEach(d -> inputs.put(d, done.get(d)));
                            futures.add(completions.submit(() -> runStep(goal, step, inputs, usage, cancellation)));
                        }
                    }
                }
                if (running.isEmpty()) {
                    break;
                }
                StepResult result = completions.take().get();
                running.remove(result.step().id());
                done.put(result.step().id(), result);
                publish(new AgentEvent.StepCompleted(result.step().id(), result.ok(), result.text()));
                if (!result.ok() && failed.isEmpty()) {
                    failed = Optional.of(result);
                }
            }
            if (failed.isEmpty() && !cancellation.isCancelled() && !waiting.isEmpty()) {
                PlanStep stuck = waiting.getFirst();
                StepResult never = new StepResult(stuck, false, "it depends on " + stuck.dependsOn() + ", which are "
                        + "not all steps of the plan");
                done.put(stuck.id(), never);
                publish(new AgentEvent.StepCompleted(stuck.id(), false, never.text()));
                failed = Optional.of(never);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException("interrupted while the plan's steps ran", e);
        } catch (ExecutionException e) {
            throw new AgentException("a plan step could not run: " + e.getCause(), e.getCause());
        }
        return failed;
    }

    private StepResult runStep(String goal, PlanStep step, Map<String, StepResult> inputs, Usage[] usage,
                               CancellationSignal cancellation) {
        RunResult result = executor.run(List.of(), stepPrompt(goal, step, inputs), cancellation);
        synchronized (usage) {
            usage[0] = usage[0].plus(result.usage());
        }
        if (result.success()) {
            return new StepResult(step, true, result.text());
        }
        return new StepResult(step, false, result.error().map(Throwable::getMessage)
                .orElse("ended without an answer (" + result.reason().map(Enum::name).orElse("failed") + ")"));
    }

    private void publish(AgentEvent event) {
        for (AgentListener listener : listeners) {
            try {
                listener.onEvent(event);
            } catch (RuntimeException e) {
                // a listener's failure is not the plan's
            }
        }
    }

    static String planPrompt(String goal) {
        return "Make a plan for this goal: a few steps, each with a short id, what to do, and the ids of the steps "
                + "whose results it needs (steps that need nothing from each other can run at the same time).\n\n"
                + "Goal: " + goal;
    }

    static String replanPrompt(String goal, Map<String, StepResult> done, StepResult failed) {
        StringBuilder text = new StringBuilder("A step of the plan for this goal failed. Make a new plan for what is "
                + "left: new steps with ids not used yet; a step may depend on the done steps by their ids.\n\nGoal: ")
                .append(goal).append("\n\nDone:");
        done.values().stream().filter(StepResult::ok).forEach(r -> text.append("\n- ").append(r.step().id())
                .append(": ").append(r.step().description()));
        text.append("\n\nFailed: ").append(failed.step().id()).append(": ").append(failed.step().description())
                .append(" - ").append(failed.text());
        return text.toString();
    }

    static String stepPrompt(String goal, PlanStep step, Map<String, StepResult> inputs) {
        StringBuilder text = new StringBuilder("You are doing one step of a plan for this goal: ").append(goal)
                .append("\n\nYour step: ").append(step.description());
        if (!inputs.isEmpty()) {
            text.append("\n\nResults of the steps it builds on:");
            inputs.forEach((id, result) -> text.append("\n\n[").append(id).append("] ").append(result.text()));
        }
        return text.toString();
    }

    static String summaryPrompt(String goal, Map<String, StepResult> done) {
        StringBuilder text = new StringBuilder("Answer the goal from the results of the plan's steps.\n\nGoal: ")
                .append(goal);
        done.values().forEach(r -> text.append("\n\n[").append(r.step().id()).append("] ").append(r.step()
                .description()).append(r.ok() ? "\n" : " (failed)\n").append(r.text()));
        return text.toString();
    }

    /** Configures a plan-and-solve. The planner and the executor are required. */
    public static final class Builder {
        private Agent planner;
        private Agent executor;
        private Agent summarizer;
        private int parallel = 3;
        private int maxReplans = 1;
        private final List<AgentListener> listeners = new ArrayList<>();

        public Builder planner(Agent value) {
            this.planner = value;
            return this;
        }

        public Builder executor(Agent value) {
            this.executor = value;
            return this;
        }

        /** Writes the answer from the step results (default: the planner). */
        public Builder summarizer(Agent value) {
            this.summarizer = value;
            return this;
        }

        /** How many steps may run at once (default 3). */
        public Builder parallel(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("parallel must be at least 1, was " + value);
            }
            this.parallel = value;
            return this;
        }

        /** How many times a failed step may have the plan made again (default 1). */
        public Builder maxReplans(int value) {
            if (value < 0) {
                throw new IllegalArgumentException("maxReplans cannot be negative, was " + value);
            }
            this.maxReplans = value;
            return this;
        }

        /** Told of the plan and its steps ({@code PlanCreated}, {@code StepStarted}...). */
        public Builder listeners(AgentListener... more) {
            listeners.addAll(List.of(more));
            return this;
        }

        public PlanAndSolve build() {
            return new PlanAndSolve(this);
        }
    }
}
