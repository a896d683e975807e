package io.agentloop.core;

import io.agentloop.api.AgentException;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.format.Formatter;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.memory.Memory;
import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.RetryClassifier;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.run.AgentRegistry;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.call.StandardRetryClassifier;
import io.agentloop.core.format.NativeFormatter;
import io.agentloop.core.format.TextFormatter;
import io.agentloop.core.loop.AgentLoop;
import io.agentloop.core.loop.LoopSettings;
import io.agentloop.core.loop.RunContext;
import io.agentloop.core.loop.RunStart;
import io.agentloop.core.loop.StandardDecisionPolicy;
import io.agentloop.core.memory.InMemoryHistory;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.run.AgentStates;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.skill.Skills;
import io.agentloop.core.time.PausableTimer;
import io.agentloop.core.time.SystemTimekeeper;
import io.agentloop.core.time.Timekeeper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import static io.agentloop.core.RunIds.nextRunId;
import static io.agentloop.core.output.OutputSchema.required;

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
 *
 * <p>It is one file because its builder is {@code Agent.Builder}, the name code that embeds agents
 * writes, and a nested class lives in its outer class's file; what an agent is made of
 * ({@link AgentDefinition}) and how tools are served stay in their own.
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

    /** A builder of agents; see {@link Builder}. */
    public static Builder builder() {
        return new Builder();
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
     * Runs a request on this thread: its task after its history, with its own listener, answer
     * schema and streaming (see {@link RunRequest}).
     */
    public RunResult run(RunRequest request) {
        return execute(nextRunId(), RunStart.of(inputs.of(request.history(), request.task())), new RunControl(),
                new PerRun(request.output(), request.listener(), request.streaming(), Optional.empty()));
    }

    /**
     * Goes on with a run from where it stopped: a paused run with decisions on its pending calls, a
     * run whose process stopped part-way, or a conversation with a new task. See {@link Resumption}.
     */
    public RunResult resume(Resumption resumption) {
        return resume(resumption, CancellationSignal.never());
    }

    /**
     * As {@link #resume(Resumption)}, until it ends or {@code cancellation} fires: a run stopped so
     * ends {@code COMPLETED/CANCELLED} with its messages so far.
     */
    public RunResult resume(Resumption resumption, CancellationSignal cancellation) {
        RunStart start = inputs.resuming(resumption);
        RunControl control = new RunControl();
        try (CancellationSignal.Registration ignored = cancellation.onCancel(
                () -> control.abort(TerminalReason.CANCELLED, cancellation.reason().orElse("cancelled")))) {
            return execute(nextRunId(), start, control, Optional.empty());
        }
    }

    /** As {@link #resume(Resumption)}, on a new thread; with an output schema the answer must match it. */
    public RunHandle start(Resumption resumption, Optional<OutputSchema> output) {
        return startOn(inputs.resuming(resumption), new PerRun(output, Optional.empty(), Optional.empty(),
                Optional.empty()));
    }

    /**
     * Starts a request on a new thread (virtual, unless {@link Builder#runThreads} says): its task after
     * its history, with its own listener, answer schema and streaming (see {@link RunRequest}). The
     * listener is in place before the run starts, so it receives every event of the run, and only
     * this run's, however many runs of this agent go on at once.
     *
     * <pre>{@code
     * RunHandle run = agent.start(RunRequest.of(task).withStreaming(true).withListener(event -> {
     *     if (event instanceof AgentEvent.TextDelta delta) client.send(delta.text());
     * }));
     * RunResult result = run.await();
     * }</pre>
     */
    public RunHandle start(RunRequest request) {
        return startOn(RunStart.of(inputs.of(request.history(), request.task())),
                new PerRun(request.output(), request.listener(), request.streaming(), Optional.empty()));
    }


    /** Starts a task after the given history on a new thread (virtual, unless {@link Builder#runThreads} says). */
    public RunHandle start(List<Message> history, String task) {
        return start(history, task, Optional.empty());
    }

    /** As {@link #start(List, String)}; with an output schema the answer must match it ({@link RunResult#output()}). */
    public RunHandle start(List<Message> history, String task, Optional<OutputSchema> output) {
        return startOn(RunStart.of(inputs.of(history, task)), new PerRun(output, Optional.empty(), Optional.empty(),
                Optional.empty()));
    }

    /**
     * As {@link #start(Resumption, Optional)} (a new task after a history is a resumption with no open
     * turn), under an id the caller chose: a server that knows a run by its own id gives it, so that
     * the run's events, its session and its report carry the id its clients know, the same across
     * every agent run of one task (after each pause for approval).
     *
     * @throws IllegalArgumentException when {@code runId} is blank
     */
    public RunHandle start(String runId, Resumption resumption, Optional<OutputSchema> output) {
        if (runId.isBlank()) {
            throw new IllegalArgumentException("a run id must not be blank: leave it to the agent to choose one");
        }
        return startOn(runId, inputs.resuming(resumption), new PerRun(output, Optional.empty(), Optional.empty(),
                Optional.empty()));
    }

    private RunHandle startOn(RunStart start, PerRun perRun) {
        return startOn(nextRunId(), start, perRun);
    }

    private RunHandle startOn(String id, RunStart start, PerRun perRun) {
        RunControl control = new RunControl();
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        Thread thread = runThreads.newThread(() -> {
            try {
                result.complete(execute(id, start, control, perRun));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        thread.setName("agentloop-" + id);
        thread.start();
        return new RunHandle(id, this.id, control, result);
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
            return execute(nextRunId(), RunStart.of(inputs.of(history, task)), control,
                    new PerRun(Optional.empty(), Optional.of(also), Optional.empty(), Optional.of(parentRunId)));
        }
    }

    /** What one run asks beside its input: see {@link RunRequest}; a sub-agent's run names its parent. */
    private record PerRun(Optional<OutputSchema> output, Optional<AgentListener> listener, Optional<Boolean> streaming,
                          Optional<String> parentRunId) {
    }

    private RunResult execute(String id, RunStart start, RunControl control, Optional<OutputSchema> output) {
        return execute(id, start, control, new PerRun(output, Optional.empty(), Optional.empty(), Optional.empty()));
    }

    private RunResult execute(String id, RunStart start, RunControl control, PerRun perRun) {
        Optional<String> parentRunId = perRun.parentRunId();
        List<AgentListener> listeners = settings.listeners();
        if (perRun.listener().isPresent()) {
            listeners = new ArrayList<>(listeners);
            listeners.add(perRun.listener().get());
        }
        EventPublisher events = new EventPublisher(this.id, id, listeners);
        RunContext run = RunContext.open(id, settings, events, control, perRun.output(), perRun.streaming(),
                parentRunId, settings.journal());
        settings.options().runTimeout().ifPresent(limit -> {
            PausableTimer timer = control.deadline(settings.time(), limit, TerminalReason.TIMEOUT,
                    "the run took longer than " + limit.toMillis() + " ms");
            control.signal().onCancel(timer::cancel);
        });
        register(id, parentRunId);
        events.publish(new AgentEvent.RunStarted(id, name, parentRunId));
        liveRuns.put(id, events);
        RunResult result = null;
        try {
            result = run.hooks().reply(start.input(), messages -> loop.drive(run, start.withInput(messages)));
        } catch (AgentException e) {
            // A reply hook failed: the loop never ran, or its result could not be handed over.
            result = new RunResult(id, AgentState.FAILED, Optional.empty(), Optional.empty(), start.input(), 0,
                    List.of(), Usage.ZERO, Duration.ZERO, Optional.of(e));
        } finally {
            liveRuns.remove(id);
            // a run that threw is over too: its entry must not wait for a state it will never reach
            AgentStates.process().update(id, result == null ? AgentState.FAILED : result.state());
        }
        settings.journal().ended(result, name);
        events.publish(new AgentEvent.RunCompleted(result));
        return result;
    }

    /**
     * Enters a run in the process's registry: a sub-agent in its parent's session, a run started
     * by a plan or a hub in theirs, any other run in a session of its own.
     */
    private void register(String runId, Optional<String> parentRunId) {
        AgentStates states = AgentStates.process();
        if (parentRunId.isPresent()) {
            String parent = parentRunId.get();
            states.register(runId, states.sessionOf(parent).orElse(parent), AgentRegistry.Kind.SUB_AGENT, name,
                    parentRunId);
            return;
        }
        AgentStates.scope().ifPresentOrElse(
                scope -> states.register(runId, scope.session(), scope.kind(), scope.name(), Optional.empty()),
                () -> states.register(runId, runId, AgentRegistry.Kind.RUN, name, Optional.empty()));
    }

    /**
     * Runs one call of one of this agent's tools, as a run would (acting hooks, argument
     * validation, the permission rules, the tool timeout, secrets masked in the result), with no
     * model: for serving the agent's tools to other programs. A call whose rules ask is denied
     * unless the agent has an approver. Never throws for the call's failure: that is the result.
     */
    public ToolResult callTool(String name, String argumentsJson) {
        return new ToolServing(id, settings, liveRuns).call(name, argumentsJson);
    }

    /**
     * This agent with {@code more} tools after its own: the same model, prompt, hooks, rules and
     * listeners. Plan-and-solve gives its planner the planning tool this way, for one plan.
     *
     * @throws IllegalArgumentException when a tool of {@code more} has the name of one the agent has
     */
    public Agent withTools(List<? extends Tool> more) {
        return new Agent(settings.withTools(settings.tools().plus(more, () -> AgentDefinition.Json.MAPPER)), inputs.systemPrompt(),
                runThreads, toolsNeedingApproval, name, description, liveRuns);
    }

    /** The specifications of this agent's tools, in order. */
    public List<ToolSpec> toolSpecs() {
        return settings.tools().specs();
    }


    /**
     * The tools this agent cannot run by itself: every call of theirs asks for approval under its
     * permission rules and mode, and it has no approver, so every call pauses the run
     * ({@link io.agentloop.api.run.TerminalReason#AWAITING_APPROVAL}) until a person decides. Empty when
     * it has an approver. {@link Builder#build()} logs a warning naming them.
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

    /**
     * Configures an {@link Agent} ({@link #builder()}). Only {@link #model} is required. Not
     * thread-safe; {@link #build()} takes what it holds at that moment, and changing the builder
     * afterwards changes neither the agent built nor its sub-agents.
     */
    public static final class Builder {
        private ChatModel model;
        private ChatOptions chatOptions = ChatOptions.DEFAULTS;
        private String systemPrompt;
        private Function<List<ToolSpec>, String> promptWriter;
        private final List<Tool> tools = new ArrayList<>();
        private final List<Hook> hooks = new ArrayList<>();
        private final List<AgentListener> listeners = new ArrayList<>();
        private RunOptions options = RunOptions.DEFAULTS;
        private Timekeeper time = SystemTimekeeper.INSTANCE;
        private RetryClassifier retryClassifier = StandardRetryClassifier.INSTANCE;
        private DecisionPolicy decisions = StandardDecisionPolicy.INSTANCE;
        private Formatter formatter = new NativeFormatter();
        private Memory memory = new InMemoryHistory();
        private final List<SubAgentProfile> subAgents = new ArrayList<>();
        private final List<SubAgentProfile> agentTools = new ArrayList<>();
        private Skills skills;
        private String name = "agent";
        private String description = "";
        private int maxDepth = Agent.DEFAULT_MAX_DEPTH;
        private int maxFanOut = Agent.DEFAULT_MAX_FAN_OUT;
        private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
        private TokenEstimator estimator = TokenEstimator.CHARACTERS;
        private Extensions extensions;
        private Workspace workspace;
        private PermissionPolicy permissions = PermissionPolicy.trusting();
        private Approver approver;
        private ThreadFactory runThreads = Thread.ofVirtual().factory();
        private UnaryOperator<String> secretMask;
        private RunJournal journal = RunJournal.NONE;

        public Builder model(ChatModel chatModel) {
            this.model = chatModel;
            return this;
        }

        public Builder chatOptions(ChatOptions value) {
            this.chatOptions = value;
            return this;
        }

        public Builder systemPrompt(String prompt) {
            this.systemPrompt = prompt;
            this.promptWriter = null;
            return this;
        }

        /**
         * A system prompt written from the specifications of every tool the agent is offered: its
         * own tools, then {@code skill}, {@code task} and the agents given as tools, which the agent
         * adds itself when it is built. Replaces a prompt given as text.
         *
         * <pre>{@code
         * builder.systemPromptFromTools(specs -> "Your tools: " + specs.stream().map(ToolSpec::name).toList());
         * }</pre>
         */
        public Builder systemPromptFromTools(Function<List<ToolSpec>, String> writer) {
            this.promptWriter = Objects.requireNonNull(writer, "writer");
            this.systemPrompt = null;
            return this;
        }

        public Builder tools(Tool... more) {
            return tools(List.of(more));
        }

        public Builder tools(List<? extends Tool> more) {
            tools.addAll(more);
            return this;
        }

        /** Hooks of this agent alone; they come after the registry's hooks of the same order. */
        public Builder hooks(Hook... more) {
            hooks.addAll(List.of(more));
            return this;
        }

        public Builder listeners(AgentListener... more) {
            listeners.addAll(List.of(more));
            return this;
        }

        public Builder options(RunOptions value) {
            this.options = value;
            return this;
        }

        /**
         * The platform's extensions: their hooks and listeners apply to this agent (before its own),
         * and their compaction strategies are the ones available. Tools are not added: pick them
         * with {@link #tools}. {@link #build()} freezes the registries: nothing can be registered
         * once an agent may run.
         */
        public Builder extensions(Extensions value) {
            this.extensions = value;
            return this;
        }

        /** Time source for clocks, backoff waits and timeouts (tests pass a manual one). */
        public Builder timekeeper(Timekeeper value) {
            this.time = value;
            return this;
        }

        /** What follows each model turn: continue, compact or stop (default: the standard policy). */
        public Builder decisionPolicy(DecisionPolicy value) {
            this.decisions = value;
            return this;
        }

        /**
         * How tools and calls reach the model (default {@code native}: in the provider's own fields).
         * {@link TextFormatter} (or a plugin's formatter) is for models without native tool calling.
         */
        public Builder formatter(Formatter value) {
            this.formatter = value;
            return this;
        }

        /**
         * The short-term memory each run gets a {@link Memory#fresh() fresh} one of: what the model is
         * sent of the conversation (default {@code in-memory}: everything).
         */
        public Builder memory(Memory value) {
            this.memory = value;
            return this;
        }

        /** The agent's name, for people and events (1 to 64 letters, digits, '_' or '-'; default {@code agent}). */
        public Builder name(String value) {
            if (value == null || !value.matches("[A-Za-z0-9_-]{1,64}")) {
                throw new IllegalArgumentException("an agent's name is 1 to 64 letters, digits, '_' or '-', not '"
                        + value + "'");
            }
            this.name = value;
            return this;
        }

        /** What the agent is for. */
        public Builder description(String value) {
            this.description = Objects.requireNonNull(value, "description");
            return this;
        }

        /**
         * Skills this agent may load: their names and descriptions go at the end of the system
         * prompt, and the {@code skill} tool reads one's instructions when the model asks.
         */
        public Builder skills(Skills value) {
            this.skills = value;
            return this;
        }

        /**
         * Sub-agents this agent may hand tasks to with its {@code task} tool: each runs under this
         * agent's permission rules, approver and workspace, whatever its own tools.
         */
        public Builder subAgents(SubAgentProfile... profiles) {
            subAgents.addAll(List.of(profiles));
            return this;
        }

        /**
         * Agents given to this one as tools, each a tool of its own named and described as its
         * profile, whose one argument is the task. They are sub-agents as {@link #subAgents} are,
         * under the same rules and limits (the fan-out limit counts both kinds).
         *
         * <pre>{@code
         * SubAgentProfile translator = SubAgentProfile.of("translate", "Translates text to French.",
         *         "You translate to French. Answer with the translation only.", List.of());
         * Agent agent = Agent.builder().model(model).agentTools(translator).build();
         * }</pre>
         */
        public Builder agentTools(SubAgentProfile... profiles) {
            agentTools.addAll(List.of(profiles));
            return this;
        }

        /**
         * How deep sub-agents may nest (default {@value Agent#DEFAULT_MAX_DEPTH}: a sub-agent may start
         * sub-agents of its own once) and how many may run at once for one run (default
         * {@value Agent#DEFAULT_MAX_FAN_OUT}).
         */
        public Builder subAgentLimits(int depth, int fanOut) {
            if (depth < 1 || fanOut < 1) {
                throw new IllegalArgumentException("sub-agent limits are at least 1, not depth " + depth + ", fan-out "
                        + fanOut);
            }
            this.maxDepth = depth;
            this.maxFanOut = fanOut;
            return this;
        }

        /** Which failed model calls are tried again (default: what the provider marked retryable). */
        public Builder retryClassifier(RetryClassifier value) {
            this.retryClassifier = value;
            return this;
        }

        /** Source of the retry jitter, uniform in [0, 1). */
        public Builder random(DoubleSupplier value) {
            this.random = value;
            return this;
        }

        /**
         * The folder tools work in (default: the current directory, with the default
         * protections). Every path a tool touches is checked against it.
         */
        public Builder workspace(Workspace value) {
            this.workspace = value;
            return this;
        }

        /**
         * The permission rules and mode. The default, {@link PermissionPolicy#trusting()}, runs the
         * tools the program registers: only what the workspace refuses (paths outside it, protected
         * files) is denied, and a shell command no sandbox holds asks. For a person in the loop, give
         * {@link PermissionPolicy#defaults()} (writes, commands and tools that are not read-only ask)
         * with an {@link #approver}; deny rules ({@link PermissionPolicy#of}) refuse calls in any
         * mode. A refused call is an error result the model sees, and a {@code ToolError} event, whose
         * text ends with the policy's {@link PermissionPolicy#withAdvice advice} (by default: these
         * builder calls).
         */
        public Builder permissions(PermissionPolicy value) {
            this.permissions = Objects.requireNonNull(value, "permissions");
            return this;
        }

        /**
         * Who approves calls the rules ask about, while the run waits. Without one (the default), a
         * call the rules ask about pauses the run once the other calls of its turn are done: the
         * result is {@link RunResult#awaitingApproval()} with the call in {@link RunResult#pending()},
         * and {@link Agent#resume} goes on with a person's decisions. A sub-agent cannot pause, so its
         * call is denied. {@link #build()} warns about tools whose every call will pause
         * ({@link Agent#toolsNeedingApproval()}).
         */
        public Builder approver(Approver value) {
            this.approver = value;
            return this;
        }

        /**
         * Masks secrets in tool results before the model sees them (default: well-known key shapes,
         * JSON web tokens, private key blocks and the values of this process's credential variables,
         * {@link SecretRedactor#forToolResults}). Defence in depth
         * beside the command sandbox, which keeps secret files and the environment out of commands.
         */
        public Builder secretMask(UnaryOperator<String> value) {
            this.secretMask = Objects.requireNonNull(value, "secretMask");
            return this;
        }

        /**
         * Where the agent's runs are recorded as they happen (default {@link RunJournal#NONE}): each
         * step before its effect starts and after it ends, so a run can go on from its record after
         * a pause or a crash. Not a sub-agent's runs: their answers are on record as their calls' results.
         */
        public Builder journal(RunJournal value) {
            this.journal = Objects.requireNonNull(value, "journal");
            return this;
        }

        public Builder tokenEstimator(TokenEstimator value) {
            this.estimator = value;
            return this;
        }

        /**
         * The threads {@link Agent#start} runs tasks on (default: virtual threads, cheap when many
         * runs wait on their models at once). A process that exits as soon as its runs end, such as a
         * command-line tool, may prefer platform threads: a model's HTTP stream read on a virtual
         * thread starts the JVM's I/O poller, a thread that stays blocked in native code, and on exit
         * the JVM waits about 300 ms for such threads before it gives up on them.
         */
        public Builder runThreads(ThreadFactory value) {
            this.runThreads = Objects.requireNonNull(value, "runThreads");
            return this;
        }

        /**
         * Builds the agent. Tool schemas compile in the background (see {@code ToolSet}); a schema
         * that is not valid JSON Schema is logged and fails that tool's calls.
         *
         * @throws IllegalArgumentException for a missing model or clashing tool names
         */
        public Agent build() {
            return definition().build();
        }

        /**
         * The specifications of the tools an agent built from this builder now would be offered, in
         * order: its own tools, then {@code skill}, {@code task} and the agents given as tools. For
         * listing them; nothing is started.
         */
        public List<ToolSpec> toolSpecs() {
            return definition().offeredTools(null).stream().map(Tool::spec).toList();
        }

        /** What this builder holds now, frozen: a top agent's definition. */
        private AgentDefinition definition() {
            return new AgentDefinition(name, description, Optional.ofNullable(model), Optional.ofNullable(systemPrompt),
                    Optional.ofNullable(promptWriter), tools, listeners, options, Optional.ofNullable(skills), subAgents,
                    agentTools, Optional.ofNullable(workspace), permissions, Optional.ofNullable(approver),
                    Optional.empty(), 0, journal, new AgentDefinition.Inherited(chatOptions, hooks, time, retryClassifier,
                            decisions, formatter, memory, random, estimator, Optional.ofNullable(extensions), runThreads,
                            Optional.ofNullable(secretMask), maxDepth, maxFanOut));
        }
    }
}
