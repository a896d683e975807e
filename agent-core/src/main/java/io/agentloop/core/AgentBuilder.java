package io.agentloop.core;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.format.Formatter;
import io.agentloop.api.hook.Hook;
import io.agentloop.api.memory.Memory;
import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.RetryClassifier;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.call.StandardRetryClassifier;
import io.agentloop.core.format.NativeFormatter;
import io.agentloop.core.format.TextFormatter;
import io.agentloop.core.loop.StandardDecisionPolicy;
import io.agentloop.core.memory.InMemoryHistory;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.skill.Skills;
import io.agentloop.core.time.SystemTimekeeper;
import io.agentloop.core.time.Timekeeper;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Configures an {@link Agent} ({@link Agent#builder()}). Only {@link #model} is required. Not
 * thread-safe; {@link #build()} takes what it holds at that moment, and changing the builder
 * afterwards changes neither the agent built nor its sub-agents.
 */
public final class AgentBuilder {
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
    private PermissionPolicy permissions = PermissionPolicy.defaults();
    private Approver approver;
    private ThreadFactory runThreads = Thread.ofVirtual().factory();
    private UnaryOperator<String> secretMask;
    private RunJournal journal = RunJournal.NONE;

    public AgentBuilder model(ChatModel chatModel) {
        this.model = chatModel;
        return this;
    }

    public AgentBuilder chatOptions(ChatOptions value) {
        this.chatOptions = value;
        return this;
    }

    public AgentBuilder systemPrompt(String prompt) {
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
    public AgentBuilder systemPromptFromTools(Function<List<ToolSpec>, String> writer) {
        this.promptWriter = Objects.requireNonNull(writer, "writer");
        this.systemPrompt = null;
        return this;
    }

    public AgentBuilder tools(Tool... more) {
        return tools(List.of(more));
    }

    public AgentBuilder tools(List<? extends Tool> more) {
        tools.addAll(more);
        return this;
    }

    /** Hooks of this agent alone; they come after the registry's hooks of the same order. */
    public AgentBuilder hooks(Hook... more) {
        hooks.addAll(List.of(more));
        return this;
    }

    public AgentBuilder listeners(AgentListener... more) {
        listeners.addAll(List.of(more));
        return this;
    }

    public AgentBuilder options(RunOptions value) {
        this.options = value;
        return this;
    }

    /**
     * The platform's extensions: their hooks and listeners apply to this agent (before its own),
     * and their compaction strategies are the ones available. Tools are not added: pick them
     * with {@link #tools}. {@link #build()} freezes the registries: nothing can be registered
     * once an agent may run.
     */
    public AgentBuilder extensions(Extensions value) {
        this.extensions = value;
        return this;
    }

    /** Time source for clocks, backoff waits and timeouts (tests pass a manual one). */
    public AgentBuilder timekeeper(Timekeeper value) {
        this.time = value;
        return this;
    }

    /** What follows each model turn: continue, compact or stop (default: the standard policy). */
    public AgentBuilder decisionPolicy(DecisionPolicy value) {
        this.decisions = value;
        return this;
    }

    /**
     * How tools and calls reach the model (default {@code native}: in the provider's own fields).
     * {@link TextFormatter} (or a plugin's formatter) is for models without native tool calling.
     */
    public AgentBuilder formatter(Formatter value) {
        this.formatter = value;
        return this;
    }

    /**
     * The short-term memory each run gets a {@link Memory#fresh() fresh} one of: what the model is
     * sent of the conversation (default {@code in-memory}: everything).
     */
    public AgentBuilder memory(Memory value) {
        this.memory = value;
        return this;
    }

    /** The agent's name, for people and events (1 to 64 letters, digits, '_' or '-'; default {@code agent}). */
    public AgentBuilder name(String value) {
        if (value == null || !value.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new IllegalArgumentException("an agent's name is 1 to 64 letters, digits, '_' or '-', not '"
                    + value + "'");
        }
        this.name = value;
        return this;
    }

    /** What the agent is for. */
    public AgentBuilder description(String value) {
        this.description = Objects.requireNonNull(value, "description");
        return this;
    }

    /**
     * Skills this agent may load: their names and descriptions go at the end of the system
     * prompt, and the {@code skill} tool reads one's instructions when the model asks.
     */
    public AgentBuilder skills(Skills value) {
        this.skills = value;
        return this;
    }

    /**
     * Sub-agents this agent may hand tasks to with its {@code task} tool: each runs under this
     * agent's permission rules, approver and workspace, whatever its own tools.
     */
    public AgentBuilder subAgents(SubAgentProfile... profiles) {
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
    public AgentBuilder agentTools(SubAgentProfile... profiles) {
        agentTools.addAll(List.of(profiles));
        return this;
    }

    /**
     * How deep sub-agents may nest (default {@value Agent#DEFAULT_MAX_DEPTH}: a sub-agent may start
     * sub-agents of its own once) and how many may run at once for one run (default
     * {@value Agent#DEFAULT_MAX_FAN_OUT}).
     */
    public AgentBuilder subAgentLimits(int depth, int fanOut) {
        if (depth < 1 || fanOut < 1) {
            throw new IllegalArgumentException("sub-agent limits are at least 1, not depth " + depth + ", fan-out "
                    + fanOut);
        }
        this.maxDepth = depth;
        this.maxFanOut = fanOut;
        return this;
    }

    /** Which failed model calls are tried again (default: what the provider marked retryable). */
    public AgentBuilder retryClassifier(RetryClassifier value) {
        this.retryClassifier = value;
        return this;
    }

    /** Source of the retry jitter, uniform in [0, 1). */
    public AgentBuilder random(DoubleSupplier value) {
        this.random = value;
        return this;
    }

    /**
     * The folder tools work in (default: the current directory, with the default
     * protections). Every path a tool touches is checked against it.
     */
    public AgentBuilder workspace(Workspace value) {
        this.workspace = value;
        return this;
    }

    /**
     * The permission rules and mode (default: {@link PermissionPolicy#defaults()}: reading
     * allowed, writing, shell commands and tools that are not read-only ask;
     * {@link PermissionPolicy#withMode} lets more run).
     */
    public AgentBuilder permissions(PermissionPolicy value) {
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
    public AgentBuilder approver(Approver value) {
        this.approver = value;
        return this;
    }

    /**
     * Masks secrets in tool results before the model sees them (default: well-known key shapes,
     * JSON web tokens, private key blocks and the values of this process's credential variables,
     * {@link SecretRedactor#forToolResults}). Defence in depth
     * beside the command sandbox, which keeps secret files and the environment out of commands.
     */
    public AgentBuilder secretMask(UnaryOperator<String> value) {
        this.secretMask = Objects.requireNonNull(value, "secretMask");
        return this;
    }

    /**
     * Where the agent's runs are recorded as they happen (default {@link RunJournal#NONE}): each
     * step before its effect starts and after it ends, so a run can go on from its record after
     * a pause or a crash. Not a sub-agent's runs: their answers are on record as their calls' results.
     */
    public AgentBuilder journal(RunJournal value) {
        this.journal = Objects.requireNonNull(value, "journal");
        return this;
    }

    public AgentBuilder tokenEstimator(TokenEstimator value) {
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
    public AgentBuilder runThreads(ThreadFactory value) {
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
