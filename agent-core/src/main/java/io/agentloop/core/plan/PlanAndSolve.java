package io.agentloop.core.plan;

import io.agentloop.api.AgentException;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentRegistry;
import io.agentloop.api.run.PlanEntry;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.StepStatus;
import io.agentloop.core.Agent;
import io.agentloop.core.run.AgentStates;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Plan-and-solve: a planner agent keeps a plan through its planning tool ({@link PlanningTool}):
 * steps with dependencies and statuses. Round after round, the steps whose dependencies are
 * completed are handed out together (up to a bound) and an executor agent runs each from its
 * next-step prompt, with the tool context of earlier steps cleared ({@link StepMemory}); after
 * every round the planner marks the round's steps completed or blocked, and may make the rest of
 * the plan again after a failure (a bounded number of times). When every step is completed, or
 * nothing is left that can run, a summary agent writes the answer from every step's result. The
 * files each step created or changed are collected with it. The three agents may be one.
 *
 * <pre>{@code
 * PlanAndSolve.Result result = PlanAndSolve.builder().planner(planner).executor(worker).summarizer(writer)
 *         .build().run("Compare the three storage engines and recommend one.");
 * }</pre>
 */
public final class PlanAndSolve {
    /**
     * A step's outcome: its result text, or what went wrong, and the files it created or changed.
     */
    public record StepResult(PlanStep step, boolean ok, String text, List<String> files) {
        public StepResult {
            Objects.requireNonNull(step, "step");
            Objects.requireNonNull(text, "text");
            files = List.copyOf(files);
        }

        /** A step that changed no file. */
        public StepResult(PlanStep step, boolean ok, String text) {
            this(step, ok, text, List.of());
        }
    }

    /**
     * How it went.
     *
     * @param steps   every step that ran, in the order they ended
     * @param answer  the summary, written from the results
     * @param replans how many times the plan was made again
     * @param usage   the tokens of every run (planning, steps, summary)
     * @param plan    the plan at the end: every step with its status and files
     */
    public record Result(List<StepResult> steps, String answer, int replans, Usage usage, List<PlanEntry> plan) {
        public Result {
            steps = List.copyOf(steps);
            plan = List.copyOf(plan);
        }

        public boolean allSucceeded() {
            return steps.stream().allMatch(StepResult::ok);
        }

        /** Every file the steps created or changed, in the order the steps ended. */
        public List<String> files() {
            return steps.stream().flatMap(s -> s.files().stream()).distinct().toList();
        }
    }

    private final Agent planner;
    private final Agent executor;
    private final Agent summarizer;
    private final int parallel;
    private final int maxReplans;
    private final List<AgentListener> listeners;

    /** How long a plan waits, after its last step, for agents its steps started to end. */
    private static final Duration SETTLE = Duration.ofMinutes(10);

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
     * Plans, runs the steps round by round and summarises.
     *
     * @throws AgentException when the planner makes no plan, or the summary fails
     */
    public Result run(String goal, CancellationSignal cancellation) {
        return inSession(() -> plan(goal, cancellation));
    }

    private Result plan(String goal, CancellationSignal cancellation) {
        Usage[] usage = {Usage.ZERO};
        PlanningTool tool = new PlanningTool(maxReplans);
        Agent planning = planner.withTools(List.of(tool));
        RunResult made = runPlanner(planning, PlanPrompts.plan(goal), usage, cancellation);
        if (tool.entries().isEmpty()) {
            throw made.error().orElseGet(() -> new AgentException("the planner made no plan for: " + goal + " (its "
                    + "model did not call the planning tool with command create; use a model that calls tools)"));
        }
        publish(new AgentEvent.PlanCreated(tool.entries().stream().map(PlanEntry::step).toList()));
        publish(new AgentEvent.PlanUpdated(tool.entries()));
        return solve(goal, tool, planning, new LinkedHashMap<>(), 0, usage, cancellation);
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
     * Goes on with a plan from where it got to: the steps that succeeded are completed and not run
     * again, a step that failed is blocked and the planner reviews it (and may make the rest again if
     * it still may); then the rounds go on, and the summary.
     *
     * @throws AgentException when the summary fails
     */
    public Result resume(String goal, Progress progress, CancellationSignal cancellation) {
        return inSession(() -> goOn(goal, progress, cancellation));
    }

    /**
     * Runs a plan in a session of its own in the process's {@link AgentStates}: the planner's and
     * the summary's runs, and every step's, are listed there; the plan ends only when all of them
     * have completed or failed (seed 002's consistency check).
     */
    private Result inSession(Supplier<Result> body) {
        String session = "plan-" + UUID.randomUUID();
        Result result = AgentStates.within(new AgentStates.Scope(session, AgentRegistry.Kind.RUN, "planner"), body);
        try {
            if (!AgentStates.process().awaitSettled(session, SETTLE)) {
                throw new AgentException("the plan ended while some of its agents still ran: "
                        + AgentStates.process().session(session).stream().filter(e -> !e.finished())
                        .map(AgentRegistry.Entry::name).toList() + " (stop them, or wait for them to end)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException("interrupted while the plan's agents ended", e);
        }
        return result;
    }

    private Result goOn(String goal, Progress progress, CancellationSignal cancellation) {
        Map<String, StepResult> done = new LinkedHashMap<>();
        progress.done().forEach(result -> done.put(result.step().id(), result));
        Usage[] usage = {Usage.ZERO};
        PlanningTool tool = new PlanningTool(Math.max(0, maxReplans - progress.replans()));
        List<PlanEntry> entries = new ArrayList<>();
        Set<String> planned = new HashSet<>();
        progress.steps().forEach(s -> planned.add(s.id()));
        done.values().stream().filter(r -> !planned.contains(r.step().id())).forEach(r -> entries.add(entry(r)));
        progress.steps().forEach(s -> entries.add(done.containsKey(s.id()) ? entry(done.get(s.id()))
                : new PlanEntry(s, StepStatus.NOT_STARTED, List.of())));
        tool.restore(entries);
        Agent planning = planner.withTools(List.of(tool));
        List<StepResult> failed = progress.done().stream().filter(r -> !r.ok() && planned.contains(r.step().id()))
                .toList();
        if (!failed.isEmpty()) {
            review(goal, tool, planning, failed, usage, cancellation);
        }
        return solve(goal, tool, planning, done, progress.replans(), usage, cancellation);
    }

    private static PlanEntry entry(StepResult result) {
        return new PlanEntry(result.step(), result.ok() ? StepStatus.COMPLETED : StepStatus.BLOCKED, result.files());
    }

    private Result solve(String goal, PlanningTool tool, Agent planning, Map<String, StepResult> done,
                         int replansBefore, Usage[] usage, CancellationSignal cancellation) {
        StepMemory memory = new StepMemory();
        while (!cancellation.isCancelled() && !tool.done()) {
            List<PlanStep> next = tool.next(parallel);
            if (next.isEmpty()) {
                break; // what is left is blocked, or waits on a blocked step: the summary says so
            }
            publish(new AgentEvent.PlanUpdated(tool.entries()));
            List<StepResult> round = execute(goal, tool, next, done, memory, usage, cancellation);
            if (cancellation.isCancelled()) {
                round.forEach(r -> tool.settle(r.step().id(), r.ok()));
                break;
            }
            review(goal, tool, planning, round, usage, cancellation);
        }
        RunResult summary = summarizer.run(List.of(), PlanPrompts.summary(goal, done), cancellation);
        add(usage, summary.usage());
        if (!summary.success()) {
            throw summary.error().orElseGet(() -> new AgentException("the summary ended without an answer ("
                    + summary.reason().map(Enum::name).orElse("failed") + ")"));
        }
        return new Result(List.copyOf(done.values()), summary.text(), replansBefore + tool.replans(), usage[0],
                tool.entries());
    }

    /**
     * The planner marks the round's steps through its tool (a step it leaves in progress gets the
     * status its outcome gives it) and may make the rest of the plan again.
     */
    private void review(String goal, PlanningTool tool, Agent planning, List<StepResult> round, Usage[] usage,
                        CancellationSignal cancellation) {
        int replans = tool.replans();
        runPlanner(planning, PlanPrompts.review(goal, tool.entries(), round), usage, cancellation);
        round.forEach(r -> tool.settle(r.step().id(), r.ok()));
        if (tool.replans() > replans) {
            String failed = round.stream().filter(r -> !r.ok()).findFirst().orElse(round.getFirst()).step().id();
            publish(new AgentEvent.Replanned(failed, tool.entries().stream()
                    .filter(e -> e.status() == StepStatus.NOT_STARTED).map(PlanEntry::step).toList()));
        }
        publish(new AgentEvent.PlanUpdated(tool.entries()));
    }

    private RunResult runPlanner(Agent planning, String prompt, Usage[] usage, CancellationSignal cancellation) {
        RunResult result = planning.run(List.of(), prompt, cancellation);
        add(usage, result.usage());
        return result;
    }

    /** Runs one round's steps at the same time, each from the memory as it was before the round. */
    private List<StepResult> execute(String goal, PlanningTool tool, List<PlanStep> next, Map<String, StepResult> done,
                                     StepMemory memory, Usage[] usage, CancellationSignal cancellation) {
        List<io.agentloop.api.message.Message> history = memory.history();
        List<PlanEntry> plan = tool.entries();
        List<StepResult> round = new ArrayList<>();
        String session = AgentStates.scope().map(AgentStates.Scope::session).orElseThrow();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            CompletionService<StepResult> completions = new ExecutorCompletionService<>(pool);
            for (PlanStep step : next) {
                publish(new AgentEvent.StepStarted(step.id(), step.description()));
                Map<String, StepResult> inputs = new LinkedHashMap<>();
                step.dependsOn().forEach(d -> inputs.put(d, done.get(d)));
                String prompt = PlanPrompts.step(goal, step, plan, inputs);
                AgentStates.Scope scope = new AgentStates.Scope(session, AgentRegistry.Kind.PLAN_STEP, step.id());
                completions.submit(() -> AgentStates.within(scope,
                        () -> runStep(step, history, prompt, usage, cancellation)));
            }
            for (int i = 0; i < next.size(); i++) {
                StepResult result = completions.take().get();
                done.put(result.step().id(), result);
                tool.files(result.step().id(), result.files());
                round.add(result);
                publish(new AgentEvent.StepCompleted(result.step().id(), result.ok(), result.text(), result.files()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException("interrupted while the plan's steps ran", e);
        } catch (ExecutionException e) {
            throw new AgentException("a plan step could not run: " + e.getCause(), e.getCause());
        }
        next.forEach(step -> round.stream().filter(r -> r.step().equals(step) && r.ok()).findFirst()
                .ifPresent(r -> memory.keep(step, r.text())));
        return round;
    }

    private StepResult runStep(PlanStep step, List<io.agentloop.api.message.Message> history, String prompt,
                               Usage[] usage, CancellationSignal cancellation) {
        RunResult result = executor.run(history, prompt, cancellation);
        add(usage, result.usage());
        List<String> files = ProducedFiles.of(executor, result);
        if (result.success()) {
            return new StepResult(step, true, result.text(), files);
        }
        return new StepResult(step, false, result.error().map(Throwable::getMessage)
                .orElse("ended without an answer (" + result.reason().map(Enum::name).orElse("failed") + ")"), files);
    }

    private static void add(Usage[] usage, Usage more) {
        synchronized (usage) {
            usage[0] = usage[0].plus(more);
        }
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
