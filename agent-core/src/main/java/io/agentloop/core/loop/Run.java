package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.memory.Memory;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.OutputSchema;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.hook.Hooks;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.time.Timekeeper;
import io.agentloop.core.tool.ToolExecutor;
import io.agentloop.core.tool.ToolOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state of one run while the loop drives it: the conversation so far, counters, and the
 * per-run collaborators (hook chains, tool executor, model call). Owned by the run's thread; the
 * steps read and update it. Also the {@link HookContext} hooks see.
 */
public final class Run implements HookContext {
    private static final SecretRedactor NAMED_SECRETS = SecretRedactor.shapes();
    final String id;
    final LoopSettings settings;
    final EventPublisher events;
    final RunControl control;
    final Hooks.Chains hooks;
    final ModelCall modelCall;
    final StuckDetector stuck;
    final CompactionTrigger compaction;
    private final ToolExecutor tools;
    private final long startedAt;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    /** Every message of the run, for its result: what the memory leaves out is still here. */
    private final List<Message> transcript = new ArrayList<>();
    /** What the model is sent: the run's own memory, from the agent's template. */
    private final Memory memory;
    private final List<ToolCallRecord> toolCalls = new ArrayList<>();
    private volatile int iteration;
    private Usage usage = Usage.ZERO;
    private AssistantMessage lastAnswer;
    private boolean lastTurnCalledTools;
    private boolean justCompacted;
    private TerminalReason reason;
    private AgentException error;

    /** What the answer must be, when the run was asked for a structured one. */
    final Optional<OutputSchema> output;
    private int outputChecks;
    private Object outputValue;

    private final Optional<String> parentRunId;

    public Run(String id, LoopSettings settings, EventPublisher events, RunControl control) {
        this(id, settings, events, control, Optional.empty(), Optional.empty());
    }

    /** @param parentRunId for a sub-agent's run, the run whose tool call started it */
    public Run(String id, LoopSettings settings, EventPublisher events, RunControl control,
               Optional<OutputSchema> output, Optional<String> parentRunId) {
        this.id = id;
        this.parentRunId = parentRunId;
        this.output = output;
        this.settings = settings;
        this.events = events;
        this.control = control;
        this.hooks = settings.hooks().forRun(this);
        ToolExecutor executor = new ToolExecutor(settings.tools(), hooks, events, settings.time(), settings.options(),
                control.signal(), id, settings.workspace(), settings.permissions(), settings.secretMask(),
                control::waitingForPerson, spent -> addUsage(spent, AgentEvent.UsageUpdated.Source.TOOL));
        this.modelCall = new ModelCall(settings.model(), hooks, events, settings.time(), settings.retry(), control,
                executor);
        this.tools = executor;
        this.stuck = new StuckDetector(settings.options().stuckThreshold());
        this.compaction = new CompactionTrigger(settings.options().compaction(), settings.estimator());
        Memory template = settings.memory();
        this.memory = PluginCode.call(template, template::fresh);
        this.startedAt = settings.time().nanoTime();
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
    public int iteration() {
        return iteration;
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

    public Hooks.Chains hooks() {
        return hooks;
    }

    RunOptions options() {
        return settings.options();
    }

    Timekeeper time() {
        return settings.time();
    }

    /**
     * The request for the next model call: the memory's messages, the agent's tools and call
     * options, and the output schema when the run must answer with a structured value.
     */
    ChatRequest nextRequest() {
        ChatOptions options = output.map(o -> settings.chatOptions().withResponseSchema(o.schema()))
                .orElse(settings.chatOptions());
        return new ChatRequest(messages(), settings.tools().specs(), options);
    }

    /** The last answer's text. */
    String lastAnswerText() {
        return lastAnswer == null ? "" : lastAnswer.text();
    }

    /** Counts one more answer checked against the output schema; returns how many so far. */
    int countOutputCheck() {
        return ++outputChecks;
    }

    void outputValue(Object value) {
        outputValue = value;
    }

    /** Tells the model something (a rejected answer's violations): a user message of the conversation. */
    void tell(String text) {
        add(UserMessage.of(text));
    }

    /**
     * Runs one tool call outside the loop, as the loop would: acting hooks, validation, the
     * permission gate, the tool timeout, secrets masked. For serving the agent's tools to others.
     */
    public ToolResult callTool(ToolCall call) {
        return tools.execute(List.of(call), c -> Optional.empty()).getFirst().result();
    }

    /** What the model is sent next: the memory's messages. */
    List<Message> messages() {
        return PluginCode.call(memory, memory::messages);
    }

    private void add(Message message) {
        transcript.add(message);
        PluginCode.run(memory, () -> memory.append(message));
    }

    int nextIteration() {
        return ++iteration;
    }

    void start(List<Message> input) {
        input.forEach(this::add);
    }

    /** After compaction: the compacted conversation is what is sent and what the run hands over. */
    void replaceMessages(List<Message> compacted) {
        transcript.clear();
        transcript.addAll(compacted);
        PluginCode.run(memory, () -> memory.replaceAll(compacted));
    }

    /** Adds a model turn and, when it called tools, their results in call order. */
    void addTurn(AssistantMessage answer, List<ToolOutcome> outcomes) {
        add(answer);
        lastAnswer = answer;
        addUsage(answer.usage(), AgentEvent.UsageUpdated.Source.MODEL_CALL);
        lastTurnCalledTools = !outcomes.isEmpty();
        if (outcomes.isEmpty()) {
            return;
        }
        List<ToolResultBlock> results = new ArrayList<>(outcomes.size());
        for (ToolOutcome outcome : outcomes) {
            results.add(new ToolResultBlock(outcome.call().id(), outcome.call().name(), outcome.result().content(),
                    outcome.result().isError()));
            toolCalls.add(new ToolCallRecord(iteration, outcome.call(), outcome.result(), outcome.duration()));
        }
        add(new ToolMessage(results));
    }

    /** Adds the tokens of a model call, or of a tool's model calls (a sub-agent's run). Thread-safe. */
    private synchronized void addUsage(Usage call, AgentEvent.UsageUpdated.Source source) {
        if (call.equals(Usage.ZERO)) {
            return;
        }
        usage = usage.plus(call);
        events.publish(new AgentEvent.UsageUpdated(call, usage, source));
    }

    boolean lastTurnCalledTools() {
        return lastTurnCalledTools;
    }

    boolean justCompacted() {
        return justCompacted;
    }

    void justCompacted(boolean value) {
        justCompacted = value;
    }

    AgentState complete(TerminalReason why) {
        reason = why;
        return AgentState.COMPLETED;
    }

    /** Completes with the reason the run was stopped for (cancelled, timed out). */
    AgentState completeStopped() {
        return complete(control.reason().orElse(TerminalReason.CANCELLED));
    }

    AgentState fail(AgentException failure) {
        error = failure;
        return AgentState.FAILED;
    }

    RunResult result(AgentState state) {
        Duration duration = Duration.ofNanos(settings.time().nanoTime() - startedAt);
        Usage spent;
        synchronized (this) {
            spent = usage;
        }
        return new RunResult(id, state, state == AgentState.COMPLETED ? Optional.of(reason) : Optional.empty(),
                Optional.ofNullable(lastAnswer), transcript, iteration, toolCalls, spent, duration,
                Optional.ofNullable(error), Optional.ofNullable(outputValue));
    }
}
