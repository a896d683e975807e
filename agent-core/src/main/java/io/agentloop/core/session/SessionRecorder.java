package io.agentloop.core.session;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostReasoningHook;
import io.agentloop.api.hook.PreReplyHook;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.api.tool.ToolResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes an agent's runs into a session as they happen: the new input messages before the loop
 * starts, each model turn as soon as it is assembled (so its tool calls are saved before they run),
 * each tool result as its call ends, the compacted conversation when the loop compacted, and a
 * checkpoint {@code run-N} when a run completes. Register it as both a hook and a listener of the
 * agent ({@code .hooks(recorder).listeners(recorder)}). It is outermost (lowest order) so it saves
 * what the other hooks made of each turn.
 *
 * <p>A write that fails stops the saving, and the failure is kept for {@link #failure()}, so the
 * program can tell the user. From then on the run does nothing that is not on record: the next tool
 * call that could change something is not run, and the run ends {@link TerminalReason#SAVE_FAILED}
 * (read-only calls, and the model's answer, go on). {@link #continuingWhenUnsaved()} turns that off.
 */
public final class SessionRecorder implements PreReplyHook, PostReasoningHook, ActingInterceptor, AgentListener {
    private static final Logger log = LoggerFactory.getLogger(SessionRecorder.class);

    private final SessionWriter writer;
    private final UnaryOperator<String> redact;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private volatile int saved;
    private volatile boolean compacted;
    private volatile String agent = "agent";
    private volatile Predicate<String> changesThings = name -> true;
    private volatile boolean stopWhenUnsaved = true;
    private int runs;

    /**
     * @param writer the open session
     * @param saved  how many messages of the conversation the session already holds (the history the
     *               next run starts from)
     */
    public SessionRecorder(SessionWriter writer, int saved, int runsSoFar) {
        this(writer, saved, runsSoFar, UnaryOperator.identity());
    }

    /**
     * @param redact applied to every text saved (message text, tool arguments and results): the
     *               session keeps what it returns, the run goes on with the original
     */
    public SessionRecorder(SessionWriter writer, int saved, int runsSoFar, UnaryOperator<String> redact) {
        this.writer = writer;
        this.redact = redact;
        this.saved = saved;
        this.runs = runsSoFar;
    }

    @Override
    public int order() {
        return Integer.MIN_VALUE;
    }

    @Override
    public String name() {
        return "session " + writer.sessionId();
    }

    /**
     * Which tools' calls could change something (by name; default: every tool's). Only these are
     * stopped once the session cannot be written. Returns this recorder.
     */
    public SessionRecorder stoppingBefore(Predicate<String> toolChangesThings) {
        this.changesThings = Objects.requireNonNull(toolChangesThings, "toolChangesThings");
        return this;
    }

    /** Lets runs go on acting after the session could not be written (saving stays stopped). Returns this recorder. */
    public SessionRecorder continuingWhenUnsaved() {
        this.stopWhenUnsaved = false;
        return this;
    }

    /** The first write that failed, if any; nothing was written after it. */
    public Optional<RuntimeException> failure() {
        return Optional.ofNullable(failure.get());
    }

    @Override
    public List<Message> beforeReply(List<Message> messages, HookContext context) {
        for (int i = Math.min(saved, messages.size()); i < messages.size(); i++) {
            Message message = MessageText.map(messages.get(i), redact);
            write(() -> writer.append(message));
        }
        return messages;
    }

    @Override
    public AssistantMessage afterReasoning(ChatRequest request, AssistantMessage response, HookContext context) {
        Message kept = MessageText.map(response, redact);
        write(() -> writer.append(kept));
        return response;
    }

    @Override
    public ToolResult intercept(Chain chain) {
        RuntimeException failed = failure.get();
        if (failed == null || !stopWhenUnsaved || !changesThings.test(chain.call().name())) {
            return chain.proceed(chain.call());
        }
        String why = "the session " + writer.sessionId() + " can no longer be saved (" + failed.getMessage()
                + "), so the run stopped before " + chain.call().name() + ", which could change something that "
                + "would then not be on record";
        chain.context().endRun(TerminalReason.SAVE_FAILED, why);
        return ToolResult.failure(ToolResult.Failure.DENIED, "not run: " + why);
    }

    @Override
    public void onEvent(AgentEvent event) {
        switch (event) {
            case AgentEvent.ToolCallCompleted e -> write(() -> writer.appendResult(new ToolResultBlock(e.id(), e.name(),
                    redact.apply(e.result().content()), e.result().isError())));
            case AgentEvent.Compacted e -> compacted = true;
            case AgentEvent.RunStarted e -> agent = e.agent();
            case AgentEvent.RunCompleted e -> completed(e.result());
            default -> {
                // the rest is not part of the conversation
            }
        }
    }

    private void completed(RunResult result) {
        if (compacted) {
            write(() -> writer.replaceAll(result.messages().stream().map(m -> MessageText.map(m, redact)).toList()));
            compacted = false;
        }
        runs++;
        String state = result.state() + result.reason().map(reason -> " " + reason).orElse("");
        Checkpoint checkpoint = new Checkpoint("run-" + runs, Instant.now(), state, result.usage(),
                Map.of("run_id", result.runId(), "iterations", Integer.toString(result.iterations()), "agent", agent));
        write(() -> writer.checkpoint(checkpoint));
        saved = result.messages().size();
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

    /** Not in a sub-agent's run: the session holds its answer, as the result of the parent's call, not its turns. */
    @Override
    public boolean appliesToSubAgents() {
        return false;
    }
}
