package io.agentloop.core;

import static io.agentloop.core.RunIds.nextRunId;
import static io.agentloop.core.output.OutputSchema.required;

import io.agentloop.api.AgentException;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.loop.AgentLoop;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.loop.RunContext;
import io.agentloop.core.loop.RunStart;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.time.PausableTimer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An agent: a chat model, tools, hooks and limits, ready to run. Immutable and thread-safe; one
 * agent serves any number of concurrent runs. Runs are stateless: the history comes in with the
 * request and every message of the run comes back in the {@link RunResult}.
 *
 * <pre>{@code
 * Agent agent = Agent.builder()
 *         .model(model)
 *         .systemPrompt("You are a careful assistant.")
 *         .tools(new ClockTool())
 *         .listeners(event -> { if (event instanceof AgentEvent.TextDelta d) System.out.print(d.text()); })
 *         .build();
 * RunResult result = agent.run("What time is it in Paris?");
 * }</pre>
 */
public final class Agent {
    private final LoopSettings settings;
    private final RunInputs inputs;
    private final ThreadFactory runThreads;
    private final List<String> toolsNeedingApproval;
    private final AgentLoop loop = new AgentLoop();
    private final String id;
    private final String name;
    private final String description;
    /** The runs under way, by id: where a sub-agent's events go (its parent run's listeners). */
    private final Map<String, EventPublisher> liveRuns;

    /** Built by {@link AgentDefinition#build()}. */
    Agent(LoopSettings settings, String systemPrompt, ThreadFactory runThreads, List<String> toolsNeedingApproval,
          String name, String description, Map<String, EventPublisher> liveRuns) {
        this.liveRuns = liveRuns;
        this.name = name;
        this.description = description;
        this.id = name + "-" + AGENTS.incrementAndGet();
        this.settings = settings;
        this.inputs = new RunInputs(systemPrompt);
        this.runThreads = runThreads;
        this.toolsNeedingApproval = List.copyOf(toolsNeedingApproval);
    }

    /** A name for people and for events ({@code agent} unless the builder gave one). */
    public String name() {
        return name;
    }

    /** This agent among others: its name and a number, unique in this JVM. */
    public String id() {
        return id;
    }

    /** What the agent is for (empty unless the builder gave it). */
    public String description() {
        return description;
    }

    /** How deep sub-agents may nest by default. */
    public static final int DEFAULT_MAX_DEPTH = 2;
    /** How many sub-agents may run at once for one run by default. */
    public static final int DEFAULT_MAX_FAN_OUT = 4;

    private static final AtomicLong AGENTS = new AtomicLong();

    /** A builder of agents; see {@link AgentBuilder}. */
    public static AgentBuilder builder() {
        return new AgentBuilder();
    }

    /**
     * What a run of this task after this history starts from: the history after the agent's system
     * prompt (unless it has one), then the task. For a runner that drives the loop itself (a durable
     * engine's workflow).
     */
    public List<Message> input(List<Message> history, String task) {
        return inputs.of(history, task);
    }

    /** Runs a task with no history, on this thread. */
    public RunResult run(String task) {
        return run(List.of(), task);
    }

    /** Runs a task after the given history, on this thread. */
    public RunResult run(List<Message> history, String task) {
        return run(inputs.of(history, task), CancellationSignal.never());
    }

    /** Runs a task after the given history, on this thread, until it ends or {@code cancellation} fires. */
    public RunResult run(List<Message> history, String task, CancellationSignal cancellation) {
        return run(inputs.of(history, task), cancellation);
    }

    /**
     * Runs from a complete input (history and the new user message), on this thread, until it ends
     * or {@code cancellation} fires.
     */
    public RunResult run(List<Message> input, CancellationSignal cancellation) {
        return run(input, cancellation, Optional.empty());
    }

    /**
     * Runs a task whose answer must be a {@code type}: the model is held to its JSON Schema where the
     * provider can, an answer that does not match goes back to it with the violations (up to
     * {@link RunOptions#outputRetries()} times), and the answer is converted. Tools work as in any
     * run before the answer.
     *
     * @throws IllegalArgumentException when the type has no JSON Schema (the message names the part)
     * @throws AgentException           when the run fails or ends without a matching answer; the
     *                                  message names the last violation
     */
    public <T> T run(String task, Class<T> type) {
        return OutputSchema.convert(required(run(inputs.of(List.of(), task), CancellationSignal.never(),
                Optional.of(OutputSchema.of(type)))), type);
    }

    /** Runs a task whose answer must match {@code output}, until it ends or {@code cancellation} fires. */
    public RunResult run(String task, CancellationSignal cancellation, OutputSchema output) {
        return run(inputs.of(List.of(), task), cancellation, Optional.of(output));
    }

    /**
     * Runs a task whose answer must be a JSON value valid under {@code schema}; returns it as maps,
     * lists, strings, numbers and booleans. As {@link #run(String, Class)} otherwise.
     */
    public Object run(String task, Map<String, Object> schema) {
        return required(run(inputs.of(List.of(), task), CancellationSignal.never(), Optional.of(OutputSchema.of(schema))));
    }

    /**
     * Runs from a complete input until it ends or {@code cancellation} fires; with an output schema
     * the answer must match it, and {@link RunResult#output()} holds it.
     */
    public RunResult run(List<Message> input, CancellationSignal cancellation, Optional<OutputSchema> output) {
        RunControl control = new RunControl();
        try (CancellationSignal.Registration ignored = cancellation.onCancel(
                () -> control.abort(TerminalReason.CANCELLED, cancellation.reason().orElse("cancelled")))) {
            return execute(nextRunId(), RunStart.of(input), control, output);
        }
    }

    /**
     * Goes on with a run from where it stopped: a paused run with decisions on its pending calls, a
     * run whose process stopped part-way, or a conversation with a new task. See {@link Resumption}.
     */
    public RunResult resume(Resumption resumption) {
        return execute(nextRunId(), inputs.resuming(resumption), new RunControl(), Optional.empty());
    }

    /** As {@link #resume(Resumption)}, on a new thread; with an output schema the answer must match it. */
    public RunHandle start(Resumption resumption, Optional<OutputSchema> output) {
        return startOn(inputs.resuming(resumption), output);
    }


    /** Starts a task after the given history on a new thread (virtual, unless {@link AgentBuilder#runThreads} says). */
    public RunHandle start(List<Message> history, String task) {
        return start(history, task, Optional.empty());
    }

    /** As {@link #start(List, String)}; with an output schema the answer must match it ({@link RunResult#output()}). */
    public RunHandle start(List<Message> history, String task, Optional<OutputSchema> output) {
        return startOn(RunStart.of(inputs.of(history, task)), output);
    }

    private RunHandle startOn(RunStart start, Optional<OutputSchema> output) {
        RunControl control = new RunControl();
        String id = nextRunId();
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        Thread thread = runThreads.newThread(() -> {
            try {
                result.complete(execute(id, start, control, output));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        thread.setName("agentloop-" + id);
        thread.start();
        return new RunHandle(id, control, result);
    }

    /**
     * Runs a task for a caller that also wants this run's events ({@code also}, after the agent's own
     * listeners): a sub-agent's run, whose events its parent's listeners see.
     */
    RunResult run(List<Message> history, String task, CancellationSignal cancellation, AgentListener also,
                  String parentRunId) {
        RunControl control = new RunControl();
        try (CancellationSignal.Registration ignored = cancellation.onCancel(
                () -> control.abort(TerminalReason.CANCELLED, cancellation.reason().orElse("cancelled")))) {
            return execute(nextRunId(), RunStart.of(inputs.of(history, task)), control, Optional.empty(),
                    Optional.of(also), Optional.of(parentRunId));
        }
    }

    private RunResult execute(String id, RunStart start, RunControl control, Optional<OutputSchema> output) {
        return execute(id, start, control, output, Optional.empty(), Optional.empty());
    }

    private RunResult execute(String id, RunStart start, RunControl control, Optional<OutputSchema> output,
                              Optional<AgentListener> also, Optional<String> parentRunId) {
        List<AgentListener> listeners = new ArrayList<>(settings.listeners());
        also.ifPresent(listeners::add);
        EventPublisher events = new EventPublisher(listeners);
        RunContext run = RunContext.open(id, settings, events, control, output, parentRunId, settings.journal());
        settings.options().runTimeout().ifPresent(limit -> {
            PausableTimer timer = control.deadline(settings.time(), limit, TerminalReason.TIMEOUT,
                    "the run took longer than " + limit.toMillis() + " ms");
            control.signal().onCancel(timer::cancel);
        });
        events.publish(new AgentEvent.RunStarted(id, name, parentRunId));
        liveRuns.put(id, events);
        RunResult result;
        try {
            result = run.hooks().reply(start.input(), messages -> loop.drive(run, start.withInput(messages)));
        } catch (AgentException e) {
            // A reply hook failed: the loop never ran, or its result could not be handed over.
            result = new RunResult(id, AgentState.FAILED, Optional.empty(), Optional.empty(), start.input(), 0,
                    List.of(), Usage.ZERO, Duration.ZERO, Optional.of(e));
        } finally {
            liveRuns.remove(id);
        }
        settings.journal().ended(result, name);
        events.publish(new AgentEvent.RunCompleted(result));
        return result;
    }

    /**
     * Runs one call of one of this agent's tools, as a run would (acting hooks, argument
     * validation, the permission rules, the tool timeout, secrets masked in the result), with no
     * model: for serving the agent's tools to other programs. A call whose rules ask is denied
     * unless the agent has an approver. Never throws for the call's failure: that is the result.
     */
    public ToolResult callTool(String name, String argumentsJson) {
        return new ToolServing(settings, liveRuns).call(name, argumentsJson);
    }

    /** The specifications of this agent's tools, in order. */
    public List<ToolSpec> toolSpecs() {
        return settings.tools().specs();
    }


    /**
     * The tools this agent cannot run by itself: every call of theirs asks for approval under its
     * permission rules and mode, and it has no approver, so every call pauses the run
     * ({@link io.agentloop.api.run.TerminalReason#AWAITING_APPROVAL}) until a person decides. Empty when
     * it has an approver. {@link AgentBuilder#build()} logs a warning naming them.
     */
    public List<String> toolsNeedingApproval() {
        return toolsNeedingApproval;
    }

    /** Where the agent's commands run: the workspace's sandbox, and how well it contains them. */
    public CommandSandbox commandSandbox() {
        return settings.workspace().sandbox();
    }

    /** The permission mode deciding which tool calls ask. */
    public PermissionMode permissionMode() {
        return settings.permissions().policy().mode();
    }

    /** The tools, hooks and options of this agent, as it runs them (inside the core). */
    public LoopSettings settings() {
        return settings;
    }
}
