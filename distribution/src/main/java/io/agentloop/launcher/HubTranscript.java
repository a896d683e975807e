package io.agentloop.launcher;

import io.agentloop.api.hub.HubMessage;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.session.Checkpoint;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * A hub's conversation in a session: each thing said, in the order the hub published it, as the line
 * an agent hears ({@code [speaker]: text}, a user message), and a checkpoint {@code turn-N} after each
 * agent's turn with its state and tokens. Going on from the session, each agent recalls the lines:
 * its own as its answers, the others' as heard. What the agents did with their tools is in the
 * session's events (for {@code agentloop report}), not in the conversation.
 *
 * <p>A write that fails is said once on standard error; the conversation goes on unsaved.
 */
final class HubTranscript {
    private final Optional<LauncherSessions.Opened> session;
    private final UnaryOperator<String> redact;
    private final PrintWriter err;
    private int checkpoints;
    private boolean failed;

    private HubTranscript(Optional<LauncherSessions.Opened> session, UnaryOperator<String> redact, PrintWriter err) {
        this.session = session;
        this.redact = redact;
        this.err = err;
        this.checkpoints = session.map(s -> s.checkpoints().size()).orElse(0);
    }

    /**
     * The transcript of {@code session} (none when sessions are off).
     *
     * @throws ConfigLoader.ConfigurationException when the session to go on with was not a hub's
     */
    static HubTranscript of(Optional<LauncherSessions.Opened> session, PrintWriter err) {
        session.filter(s -> s.openTurn().isPresent() || !s.history().stream().allMatch(HubTranscript::isLine))
                .ifPresent(s -> {
                    throw new ConfigLoader.ConfigurationException("session " + s.info().id() + " is not a hub's "
                            + "conversation: continue it with agentloop chat --resume " + s.info().id()
                            + " (or agentloop run --resume " + s.info().id() + " \"...\")");
                });
        return new HubTranscript(session, LauncherHooks.defaultRedactor(), err);
    }

    /** The conversation so far, as the agent {@code name} recalls it: its own lines as its answers. */
    List<Message> recalledBy(String name) {
        String own = "[" + name + "]: ";
        return session.map(LauncherSessions.Opened::history).orElse(List.of()).stream()
                .map(m -> m.text().startsWith(own) ? (Message) AssistantMessage.of(m.text().substring(own.length())) : m)
                .toList();
    }

    /** Records what was said. */
    void said(HubMessage message) {
        write(s -> s.writer().append(UserMessage.of(redact.apply(message.line()))));
    }

    /** Records that an agent's turn ended, with how and the tokens it used. */
    void turnEnded(String name, RunResult run) {
        String state = run.state() + run.reason().map(r -> " " + r).orElse("");
        write(s -> s.writer().checkpoint(new Checkpoint("turn-" + (checkpoints + 1), Instant.now(), state,
                run.usage(), Map.of("speaker", name))));
        checkpoints++;
    }

    private void write(Consumer<LauncherSessions.Opened> record) {
        if (failed || session.isEmpty()) {
            return;
        }
        try {
            record.accept(session.get());
        } catch (RuntimeException e) {
            failed = true;
            err.println("agentloop: session " + session.get().info().id() + " can no longer be saved (" + e.getMessage()
                    + "); the conversation goes on unsaved: check the sessions folder (sessions.folder)");
            err.flush();
        }
    }

    /** Whether a saved message is a line a hub wrote. */
    private static boolean isLine(Message message) {
        return message instanceof UserMessage user && user.text().startsWith("[") && user.text().contains("]: ");
    }
}
