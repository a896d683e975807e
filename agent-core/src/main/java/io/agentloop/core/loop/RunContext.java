package io.agentloop.core.loop;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.memory.Memory;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.hook.Hooks;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.tool.CallScope;
import io.agentloop.core.tool.ToolCalls;
import io.agentloop.core.tool.ToolSettings;
import io.agentloop.api.tool.ToolResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one run works with, apart from its state: the agent's settings, the run's listeners, its
 * control (cancellation, deadlines), its record, its short-term memory and its hook chains. Also the
 * {@link HookContext} hooks see. Made with {@link #open}.
 */
public final class RunContext implements HookContext {
    private static final SecretRedactor NAMED_SECRETS = SecretRedactor.shapes();

    final String id;
    final LoopSettings settings;
    final EventPublisher events;
    final RunControl control;
    final RunJournal journal;
    final Optional<OutputSchema> output;
    /** Whether this run's model calls stream (empty: the model's setting). */
    final Optional<Boolean> streaming;
    final RunState state;
    private final Optional<String> parentRunId;
    private final Memory memory;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private Hooks.Chains hooks;
    /** The memory's messages as last read, until the run changes the memory; the run's thread only. */
    private List<Message> sent;
    /** When the iteration under way started (for its event; 0 between iterations). */
    long iterationStartedAt;
    /** A resumed run's new task joined the conversation (after its open turn). */
    boolean laterTaskAdded;
    /** The user message the run was started with, kept word for word through compactions; null before. */
    private volatile Message task;

    private RunContext(String id, LoopSettings settings, EventPublisher events, RunControl control,
                       Optional<OutputSchema> output, Optional<Boolean> streaming, Optional<String> parentRunId,
                       RunJournal journal) {
        this.id = id;
        this.streaming = streaming;
        this.settings = settings;
        this.events = events;
        this.control = control;
        this.output = output;
        this.parentRunId = parentRunId;
        this.journal = journal;
        this.state = new RunState(id, settings.options().stuckThreshold());
        Memory template = settings.memory();
        this.memory = PluginCode.call(template, template::fresh);
    }

    /**
     * A run's context, its hook chains made for it.
     *
     * @param parentRunId for a sub-agent's run, the run whose tool call started it
     * @param journal     where the run is recorded ({@link RunJournal#NONE} for none)
     */
    public static RunContext open(String id, LoopSettings settings, EventPublisher events, RunControl control,
                                  Optional<OutputSchema> output, Optional<String> parentRunId, RunJournal journal) {
        return open(id, settings, events, control, output, Optional.empty(), parentRunId, journal);
    }

    /**
     * As above, for a run that chose whether its model calls stream.
     *
     * @param streaming whether the run's model calls stream; empty for the model's setting
     */
    public static RunContext open(String id, LoopSettings settings, EventPublisher events, RunControl control,
                                  Optional<OutputSchema> output, Optional<Boolean> streaming,
                                  Optional<String> parentRunId, RunJournal journal) {
        RunContext context = new RunContext(id, settings, events, control, output, streaming, parentRunId, journal);
        context.hooks = settings.hooks().forRun(context);
        return context;
    }

    public Hooks.Chains hooks() {
        return hooks;
    }

    @Override
    public String runId() {
        return id;
    }

    @Override
    public Optional<String> parentRunId() {
        return parentRunId;
    }

    @Override
    public Optional<String> model() {
        return Optional.of(settings.model().name());
    }

    @Override
    public Optional<String> provider() {
        return settings.model().provider();
    }

    @Override
    public int iteration() {
        return state.iteration();
    }

    @Override
    public Map<String, Object> attributes() {
        return attributes;
    }

    /** What the model is shielded from (the agent's secret mask), and values after secret-looking names. */
    @Override
    public String redact(String text) {
        return NAMED_SECRETS.apply(settings.secretMask().apply(text));
    }

    @Override
    public ToolArguments arguments(ToolCall call) {
        return settings.tools().arguments(call.arguments());
    }

    @Override
    public void endRun(TerminalReason why, String message) {
        control.abort(why, message);
    }

    /** The run's tool calls, carried out with these settings. */
    ToolCalls toolCalls(boolean pauses, RunJournal record) {
        return new ToolCalls(new ToolSettings(settings.tools(), settings.permissions(), settings.workspace(),
                settings.secretMask(), settings.time(), settings.options().parallelToolCalls(),
                settings.options().toolTimeout()), new CallScope(id, hooks, events, control, record,
                spent -> addUsage(spent, AgentEvent.UsageUpdated.Source.TOOL), pauses, state.executableConfig()),
                settings.options().cacheToolResults(), settings.options().uncachedTools());
    }

    /**
     * Runs one call of one of the agent's tools outside any model turn, as a run would: for serving
     * the agent's tools to other programs. Nothing can pause: a call no one can approve is denied.
     */
    public ToolResult serve(ToolCall call) {
        return toolCalls(false, RunJournal.NONE).serve(call);
    }

    /**
     * What the model is sent next: the memory's messages, read again only after the run changed
     * the memory (a memory's messages follow from what was appended to it and replaced in it).
     */
    List<Message> conversation() {
        List<Message> read = sent;
        if (read == null) {
            read = PluginCode.call(memory, memory::messages);
            sent = read;
        }
        return read;
    }

    /** Adds messages to the conversation the model is sent. */
    void remember(List<? extends Message> messages) {
        sent = null;
        for (Message message : messages) {
            PluginCode.run(memory, () -> memory.append(message));
        }
    }

    /** The run starts from this input: its last user message is the task compaction keeps. */
    void taskFrom(List<Message> input) {
        for (Message message : input) {
            if (message instanceof io.agentloop.api.message.UserMessage) {
                task = message;
            }
        }
    }

    /**
     * The run's task, else (a step carried out away from the run that started it, which knows only
     * the conversation) the conversation's first user message.
     */
    Optional<Message> task(List<Message> conversation) {
        Message known = task;
        if (known != null) {
            return Optional.of(known);
        }
        return conversation.stream().filter(io.agentloop.api.message.UserMessage.class::isInstance).findFirst();
    }

    /** After compaction: the compacted conversation is what is sent. */
    void replaceConversation(List<Message> compacted) {
        sent = null;
        PluginCode.run(memory, () -> memory.replaceAll(compacted));
    }

    /**
     * Adds the tokens of a model call, or of a tool's model calls (a sub-agent's run, also one a
     * durable engine ran as a run of its own). Thread-safe.
     */
    public void addUsage(Usage spent, AgentEvent.UsageUpdated.Source source) {
        if (spent.equals(Usage.ZERO)) {
            return;
        }
        synchronized (state) {
            state.addUsage(spent);
            if (events.active()) {
                events.publish(new AgentEvent.UsageUpdated(spent, state.usage(), source));
            }
        }
    }
}
