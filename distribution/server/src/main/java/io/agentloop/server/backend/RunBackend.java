package io.agentloop.server.backend;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.session.SessionStore;
import io.agentloop.core.permission.PermissionMode;
import java.nio.file.Path;
import java.util.List;

/**
 * What the server runs agents with. The launcher's backend builds the configured agents (and the
 * profiles of {@code agents.*}); an application can serve agents of its own. Called from many
 * request threads at once: implementations are thread-safe.
 *
 * <p>A backend never pauses for a person itself: a served run has no approver, so a call the rules
 * ask about ends the run {@code AWAITING_APPROVAL}; the server lists it and goes on with
 * {@link #start} once every waiting call is decided ({@link #decide}). A run that waits going on
 * instead (a durable engine's) says so with {@link BackendRun#decisions()}.
 */
public interface RunBackend {

    /** The agent profiles a request may name; the first is used when a request names none. Never empty. */
    List<String> agents();

    /** The most permissive mode a served run may have: a request may ask for less, never more. */
    PermissionMode mode();

    /**
     * Starts a run in {@code order.workspace()}: a new session, or {@code order.session()}
     * continued, its open turn (calls a paused run left, decided) settled first. Returns once the
     * run is under way; the events of the run go to {@code events}, on the run's threads.
     *
     * @throws RequestException when the order names what does not exist (a profile, a session) or a
     *         session another run holds; nothing is left behind then
     */
    BackendRun start(RunOrder order, AgentListener events);

    /**
     * Follows again a run of {@code session} that goes on outside the server (a durable engine's)
     * and that a server before this one followed until it stopped: its events from its start to
     * {@code events}, its record to the session from where that server left it; {@code workspace} is
     * the run's, as {@link #decide} has it. Empty, the default, when the backend has no such run or
     * cannot follow it (never throws): the server then lists a run that was going on as interrupted,
     * and one that waited as waiting.
     */
    default java.util.Optional<BackendRun> reattach(String session, String agent, Path workspace,
                                                    AgentListener events) {
        return java.util.Optional.empty();
    }

    /** The calls the session's paused run waits for, decided or not, in call order; empty when none. */
    List<CallProgress> pending(String session);

    /**
     * Records a person's decision on a call the session's paused run waits for. An
     * {@link io.agentloop.api.permission.Approval#ALLOW_ALWAYS} also allows calls like it from now
     * on in {@code workspace}.
     *
     * @throws RequestException when the session is in use by a run, or the call does not wait
     */
    void decide(String session, CallDecision decision, Path workspace);

    /** Where the sessions of served runs are kept. */
    SessionStore sessions();

    /** The name other agents know these agents by (the Agent2Agent card's). */
    default String name() {
        return "Agentloop";
    }

    /** What these agents do, for another agent choosing whom to call (the Agent2Agent card's). */
    default String description() {
        return "An Agentloop agent: send it a task as a text message; it works in a workspace of its own with "
                + "its tools and answers in text. A call that needs a person's approval waits for one.";
    }

    /** The version of these agents (the Agent2Agent card's): the server's module version by default. */
    default String version() {
        return RunBackend.class.getModule().getDescriptor() == null ? "development" : RunBackend.class.getModule()
                .getDescriptor().rawVersion().orElse("development");
    }

    /** Masks secrets in text the server sends or keeps (events, errors); the text itself by default. */
    default String mask(String text) {
        return text;
    }
}
