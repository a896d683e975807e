package io.agentloop.core.session;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PostReasoningHook;
import io.agentloop.api.hook.PreReplyHook;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.SessionWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
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
 * <p>A write that fails does not stop the run: the recorder stops writing and keeps the failure for
 * {@link #failure()}, so the program can tell the user the session is incomplete.
 */
public final class SessionRecorder implements PreReplyHook, PostReasoningHook, AgentListener {
    private static final Logger log = LoggerFactory.getLogger(SessionRecorder.class);

    private final SessionWriter writer;
    private final UnaryOperator<String> redact;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private volatile int saved;
    private volatile boolean compacted;
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
    public void onEvent(AgentEvent event) {
        switch (event) {
            case AgentEvent.ToolCallCompleted e -> write(() -> writer.appendResult(new ToolResultBlock(e.id(), e.name(),
                    redact.apply(e.result().content()), e.result().isError())));
            case AgentEvent.Compacted e -> compacted = true;
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
                Map.of("run_id", result.runId(), "iterations", Integer.toString(result.iterations())));
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
}
