package io.agentloop.api.event;

import io.agentloop.api.message.Usage;
import io.agentloop.api.run.DecisionKind;
import io.agentloop.api.run.LoopState;
import io.agentloop.api.run.PlanEntry;
import io.agentloop.api.run.PlanStep;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a run publishes as it goes, to {@link AgentListener}s: a closed set, consumed with an
 * exhaustive {@code switch}.
 *
 * <h2>Order</h2>
 * Events of one run are delivered one at a time, in the order they happened. {@link RunStarted}
 * is first and {@link RunCompleted} last. Tool events of parallel calls interleave as the calls
 * start and finish.
 */
public sealed interface AgentEvent {

    /**
     * The run began.
     *
     * @param agent       the name of the agent running it
     * @param parentRunId for a sub-agent's run: the run that started it
     */
    record RunStarted(String runId, String agent, Optional<String> parentRunId) implements AgentEvent {
        public RunStarted {
            Objects.requireNonNull(runId, "runId");
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(parentRunId, "parentRunId");
        }

        /** A top-level run of an agent named {@code agent}. */
        public RunStarted(String runId) {
            this(runId, "agent", Optional.empty());
        }
    }

    /**
     * One of the two state machines moved.
     *
     * @param elapsed the time spent in {@code from}
     */
    record StateChanged(LoopState from, LoopState to, Duration elapsed) implements AgentEvent {
        public StateChanged {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(elapsed, "elapsed");
        }
    }

    /** Iteration {@code n} (from 1) of at most {@code max} begins. */
    record IterationStarted(int n, int max) implements AgentEvent {
    }

    /** A piece of answer text, as shown (after pre-print hooks). */
    record TextDelta(String text) implements AgentEvent {
        public TextDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A piece of reasoning text. */
    record ReasoningDelta(String text) implements AgentEvent {
        public ReasoningDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A piece of a tool call as the model writes it, before the call is whole: the first of a call
     * names it with an empty {@code fragment}, each next one adds a fragment of its JSON arguments
     * (joined in order, they are the arguments {@link ToolCallStarted} later shows). Shown as the call
     * forms; a retried model call streams its calls again.
     *
     * <pre>{@code
     * case AgentEvent.ToolCallDelta d -> arguments.computeIfAbsent(d.index(), i -> new StringBuilder())
     *         .append(d.fragment());
     * }</pre>
     *
     * @param index    the call's place among the calls of the model's answer, from 0
     * @param id       the call's id (as the provider named it)
     * @param name     the tool called
     * @param fragment the next piece of the arguments' JSON text; empty when the call starts
     */
    record ToolCallDelta(int index, String id, String name, String fragment) implements AgentEvent {
        public ToolCallDelta {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(fragment, "fragment");
        }
    }

    /** A tool call begins. {@code arguments} is the JSON text the model wrote. */
    record ToolCallStarted(String id, String name, String arguments) implements AgentEvent {
        public ToolCallStarted {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(arguments, "arguments");
        }
    }

    /** A tool call ended; {@code ok} is false for error results. */
    record ToolCallCompleted(String id, String name, boolean ok, Duration duration, ToolResult result)
            implements AgentEvent {
        public ToolCallCompleted {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(duration, "duration");
            Objects.requireNonNull(result, "result");
        }
    }

    /** A running tool call reported progress (shown to the user, not sent to the model). */
    record ToolProgress(String id, String name, String message) implements AgentEvent {
        public ToolProgress {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * A piece of a running tool call's output, published by the tool as it is produced
     * ({@code ToolContext.output}): a command's lines, a download's progress. For people watching
     * the run; the model gets only the call's result ({@link ToolCallCompleted}), which holds the
     * output again. Secrets are masked in {@code text} as in the result. Arrives after the call's
     * {@link ToolCallStarted} and before its {@link ToolCallCompleted}.
     *
     * @param id   the call's id
     * @param name the tool's name
     * @param text the piece, usually whole lines ending in a line break
     */
    record ToolOutputDelta(String id, String name, String text) implements AgentEvent {
        public ToolOutputDelta {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A tool call produced an error result (also reported by {@link ToolCallCompleted}), or, with
     * the code {@link #ABANDONED}, its tool did not return after it was stopped and its thread was
     * left behind.
     */
    record ToolError(String id, String name, String code, String message) implements AgentEvent {
        /** The code of a call whose tool ignored being stopped: its thread may still be running. */
        public static final String ABANDONED = "abandoned";

        public ToolError {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * A tool call needs a person's approval and no one can answer during the run: it did not start,
     * it is on record as pending, and the run pauses ({@code AWAITING_APPROVAL}) once the turn's other
     * calls are done.
     */
    record ToolCallPending(String id, String name, String arguments, List<String> reasons) implements AgentEvent {
        public ToolCallPending {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(arguments, "arguments");
            reasons = List.copyOf(reasons);
        }
    }

    /** A model call failed with a retryable error; retry number {@code attempt} follows after {@code delay}. */
    record Retrying(int attempt, Duration delay, String cause) implements AgentEvent {
        public Retrying {
            Objects.requireNonNull(delay, "delay");
            Objects.requireNonNull(cause, "cause");
        }
    }

    /** The conversation was compacted from {@code before} to {@code after} messages. */
    record Compacted(int before, int after, String strategy) implements AgentEvent {
        public Compacted {
            Objects.requireNonNull(strategy, "strategy");
        }
    }

    /** What the loop decided after observing a model call. */
    record Decision(DecisionKind kind, String reason) implements AgentEvent {
        public Decision {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Iteration {@code n} ended after {@code duration} with {@code toolCalls} tool calls. */
    record IterationCompleted(int n, Duration duration, int toolCalls) implements AgentEvent {
        public IterationCompleted {
            Objects.requireNonNull(duration, "duration");
        }
    }

    /**
     * Tokens were added to the run's usage: {@code call} is what was added, {@code total} the run's
     * total so far. {@code source} says whether they are the run's own model call or tokens a tool
     * reported (a sub-agent's whole run, whose model calls its own events already show): count
     * {@code MODEL_CALL} events to count the run's model calls, and sum only those to avoid counting
     * a sub-agent's tokens twice.
     */
    record UsageUpdated(Usage call, Usage total, Source source) implements AgentEvent {
        /** Where the added tokens come from. */
        public enum Source {
            /** One model call of this run. */
            MODEL_CALL,
            /** A tool's model calls, reported through {@code ToolContext.reportUsage}. */
            TOOL
        }

        public UsageUpdated {
            Objects.requireNonNull(call, "call");
            Objects.requireNonNull(total, "total");
            Objects.requireNonNull(source, "source");
        }

        /** The usage of one model call of this run. */
        public UsageUpdated(Usage call, Usage total) {
            this(call, total, Source.MODEL_CALL);
        }
    }

    /** The run ended. Always the last event. */
    record RunCompleted(RunResult result) implements AgentEvent {
        public RunCompleted {
            Objects.requireNonNull(result, "result");
        }
    }

    /**
     * An event of a sub-agent's run, as the listeners of the run that started it see it.
     *
     * @param agent       the sub-agent's name
     * @param agentId     the sub-agent's id
     * @param runId       the sub-agent's run
     * @param parentRunId the run whose {@code task} call started it
     * @param event       what happened in the sub-agent's run
     */
    record SubAgent(String agent, String agentId, String runId, String parentRunId, AgentEvent event)
            implements AgentEvent {
        public SubAgent {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(runId, "runId");
            Objects.requireNonNull(parentRunId, "parentRunId");
            Objects.requireNonNull(event, "event");
        }
    }

    /** A plan was made for a goal (plan-and-solve). */
    record PlanCreated(List<PlanStep> steps) implements AgentEvent {
        public PlanCreated {
            steps = List.copyOf(steps);
        }
    }

    /** A plan step started. */
    record StepStarted(String id, String description) implements AgentEvent {
        public StepStarted {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(description, "description");
        }
    }

    /**
     * A plan step ended: with its result, or with what went wrong.
     *
     * @param files the files the step's tool calls created or changed, in the order first changed
     */
    record StepCompleted(String id, boolean ok, String result, List<String> files) implements AgentEvent {
        public StepCompleted {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(result, "result");
            files = List.copyOf(files);
        }

        /** A step that changed no file. */
        public StepCompleted(String id, boolean ok, String result) {
            this(id, ok, result, List.of());
        }
    }

    /**
     * The plan's statuses changed (plan-and-solve): steps were handed out, or the planner marked them
     * after a round, or made the plan again. Every step of the plan, in plan order, as it now stands.
     */
    record PlanUpdated(List<PlanEntry> entries) implements AgentEvent {
        public PlanUpdated {
            entries = List.copyOf(entries);
        }
    }

    /** A step failed and the rest of the plan was made again: these steps replace those not done. */
    record Replanned(String failedStep, List<PlanStep> steps) implements AgentEvent {
        public Replanned {
            Objects.requireNonNull(failedStep, "failedStep");
            steps = List.copyOf(steps);
        }
    }
}
