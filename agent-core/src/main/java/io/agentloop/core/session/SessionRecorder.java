package io.agentloop.core.session;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.run.RunJournal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes an agent's runs into a session as they happen, as the run's journal
 * ({@code Agent.builder().journal(recorder)}): the new input messages before the loop starts, each
 * model turn as soon as it is assembled (so its tool calls are on record before they run), each call
 * as it starts, waits for a decision, or ends with its result, the compacted conversation when the
 * loop compacts, and a checkpoint {@code run-N} when a run ends. What is written is redacted first;
 * the run goes on with the original.
 *
 * <p>A write that fails stops the saving, and the failure is kept for {@link #failure()}, so the
 * program can tell the user. From then on the run does nothing that is not on record:
 * {@link #mayRun} refuses the next tool call that could change something, and the run ends
 * {@link TerminalReason#SAVE_FAILED} (read-only calls, and the model's answer, go on).
 * {@link #continuingWhenUnsaved()} turns that off.
 */
public final class SessionRecorder implements RunJournal {
    private static final Logger log = LoggerFactory.getLogger(SessionRecorder.class);
    /**
     * The key of a run's checkpoint that lists the files other programs run later which the run
     * changed ({@code RunResult.executableConfig()}), one path a line; absent when there were none.
     */
    public static final String EXECUTABLE_CONFIG = "executable_config";

    private final SessionWriter writer;
    private final UnaryOperator<String> redact;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private volatile int saved;
    private volatile Predicate<String> changesThings = name -> true;
    private volatile boolean stopWhenUnsaved = true;
    private int runs;
    private volatile String provider;
    private volatile String model;
    private volatile String continues;

    /**
     * @param writer the open session
     * @param saved  how many messages of the conversation the session already holds (the history the
     *               next run starts from)
     */
    public SessionRecorder(SessionWriter writer, int saved, int runsSoFar) {
        this(writer, saved, runsSoFar, UnaryOperator.identity());
    }

    /**
     * @param redact applied to every text saved (message text, tool arguments and results, why a call
     *               waits): the session keeps what it returns, the run goes on with the original
     */
    public SessionRecorder(SessionWriter writer, int saved, int runsSoFar, UnaryOperator<String> redact) {
        this.writer = writer;
        this.redact = redact;
        this.saved = saved;
        this.runs = runsSoFar;
    }

    /**
     * Which tools' calls could change something (by name; default: every tool's). Only these are
     * stopped once the session cannot be written. Returns this recorder.
     */
    public SessionRecorder stoppingBefore(Predicate<String> toolChangesThings) {
        this.changesThings = Objects.requireNonNull(toolChangesThings, "toolChangesThings");
        return this;
    }

    /**
     * Names the provider and model the runs call, kept with each run's checkpoint for statistics
     * ({@code agentloop stats}). Returns this recorder.
     */
    public SessionRecorder describing(String provider, String model) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.model = Objects.requireNonNull(model, "model");
        return this;
    }

    /**
     * The next run to end goes on from the pause of this checkpoint ({@code run-3}): its checkpoint
     * says so ({@link SessionUsage#CONTINUES}), so the pause's tokens, which the run's result counts
     * again, are not counted twice. Returns this recorder.
     */
    public SessionRecorder continuing(String pausedCheckpoint) {
        this.continues = Objects.requireNonNull(pausedCheckpoint, "pausedCheckpoint");
        return this;
    }

    /** Lets runs go on acting after the session could not be written (saving stays stopped). Returns this recorder. */
    public SessionRecorder continuingWhenUnsaved() {
        this.stopWhenUnsaved = false;
        return this;
    }

    @Override
    public Optional<RuntimeException> failure() {
        return Optional.ofNullable(failure.get());
    }

    /** True while the session is written; after a failure, only for tools that change nothing (or always, if told). */
    @Override
    public boolean mayRun(String toolName) {
        return failure.get() == null || !stopWhenUnsaved || !changesThings.test(toolName);
    }

    @Override
    public void input(List<Message> messages) {
        for (int i = Math.min(saved, messages.size()); i < messages.size(); i++) {
            Message message = MessageText.map(messages.get(i), redact);
            write(() -> writer.append(message));
        }
        saved = messages.size(); // given again (a run that goes on), the same input is not written twice
    }

    @Override
    public void turn(AssistantMessage turn) {
        Message kept = MessageText.map(turn, redact);
        write(() -> writer.append(kept));
    }

    @Override
    public void started(ToolCall call) {
        write(() -> writer.callStarted(call));
    }

    @Override
    public void finished(ToolCall call, ToolResult result) {
        write(() -> writer.appendResult(new ToolResultBlock(call.id(), call.name(), redact.apply(result.content()),
                result.isError())));
    }

    /** The reasons may quote the command that asks; the rules are kept as they are, to be added on "always". */
    @Override
    public void pending(PendingCall call) {
        PendingCall kept = new PendingCall((ToolCall) MessageText.map(call.call(), redact),
                call.reasons().stream().map(redact).toList(), call.rememberAs());
        write(() -> writer.callPending(kept));
    }

    @Override
    public void compacted(List<Message> conversation) {
        write(() -> writer.replaceAll(conversation.stream().map(m -> MessageText.map(m, redact)).toList()));
    }

    @Override
    public void ended(RunResult result, String agent) {
        runs++;
        String state = result.state() + result.reason().map(reason -> " " + reason).orElse("");
        Map<String, String> data = new LinkedHashMap<>();
        data.put("run_id", result.runId());
        data.put("iterations", Integer.toString(result.iterations()));
        data.put("agent", agent);
        // what statistics over many sessions read from the index, without the conversation
        if (provider != null) {
            data.put("provider", provider);
            data.put("model", model);
        }
        if (continues != null) {
            data.put(SessionUsage.CONTINUES, continues);
            continues = null;
        }
        data.put("duration_ms", Long.toString(result.duration().toMillis()));
        data.put("failed_tools", RunSummary.failedTools(failures(result, false)));
        data.put("denied_tools", RunSummary.failedTools(failures(result, true)));
        if (!result.executableConfig().isEmpty()) {
            data.put(EXECUTABLE_CONFIG, String.join("\n", result.executableConfig()));
        }
        Checkpoint checkpoint = new Checkpoint("run-" + runs, Instant.now(), state, result.usage(), data);
        write(() -> writer.checkpoint(checkpoint));
        saved = result.messages().size();
    }

    /**
     * The calls that ended in an error, by tool: those refused (by a rule, a hook or a person:
     * the tool never ran) when {@code denied}, else the others, which the tool failed.
     */
    private static Map<String, Integer> failures(RunResult result, boolean denied) {
        Map<String, Integer> failed = new TreeMap<>();
        for (ToolCallRecord call : result.toolCalls()) {
            if (call.result().isError() && RunSummary.denied(call.result().content()) == denied) {
                failed.merge(call.call().name(), 1, Integer::sum);
            }
        }
        return failed;
    }

    private void write(Runnable action) {
        if (failure.get() != null) {
            return;
        }
        try {
            action.run();
        } catch (RuntimeException e) {
            if (failure.compareAndSet(null, e)) {
                log.warn("session {}: saving stopped: {}", writer.sessionId(), e.getMessage());
            }
        }
    }
}
