package io.agentloop.api.session;

import java.util.List;
import java.util.Optional;

/**
 * Persists sessions: conversations a user can list, resume, fork and delete. Discovered as a
 * built-in ({@code file}) or from a plugin; the launcher picks one by {@link #name()}.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Writes go through a {@link SessionWriter}, one per session at a time across processes: a
 *       second {@link #open} of a session that is open elsewhere throws
 *       {@link SessionLockedException} and never interleaves with the first.</li>
 *   <li>Appends are durable in order: after a crash, a session loads with every record whose write
 *       returned; a record cut off by the crash is dropped.</li>
 *   <li>The last model turn, when its tool calls did not all finish (the run paused for approval, or
 *       the process died while they ran), loads as the session's {@link Session#openTurn() open turn},
 *       each call as far as its records say; the conversation ends before it. Nothing runs by itself:
 *       a run going on from the session decides. An unfinished turn the conversation went on past
 *       loads with synthetic error results saying its calls were interrupted.</li>
 * </ul>
 * Implementations must be thread-safe.
 *
 * <pre>{@code
 * SessionInfo info = store.create("Fix the build");
 * try (SessionWriter writer = store.open(info.id())) {
 *     writer.append(UserMessage.of("Fix the build"));
 * }
 * List<Message> messages = store.load(info.id()).orElseThrow().messages();
 * }</pre>
 */
public interface SessionStore {

    /** The name used in configuration ({@code file}). */
    String name();

    /** Creates an empty session. */
    SessionInfo create(String title);

    /**
     * Opens a session for writing, holding it until the writer is closed (or the process ends).
     *
     * @throws SessionLockedException when the session is open in another writer or process
     * @throws java.util.NoSuchElementException when there is no such session
     */
    SessionWriter open(String sessionId);

    /** The session as saved, repaired (cut-off record dropped, unfinished turns closed or open); empty if none. */
    Optional<Session> load(String sessionId);

    /** Every session, most recently updated first. Never null. */
    List<SessionInfo> list();

    /**
     * The most recently updated session (the first of {@link #list()}), for "continue where I left
     * off". Stores with many sessions should find it without listing them all.
     */
    default Optional<SessionInfo> latest() {
        return list().stream().findFirst();
    }

    /**
     * Copies a session into a new one, whole or as it was at a checkpoint. The copy can be opened
     * while the original is open elsewhere.
     *
     * @param checkpoint the name of a checkpoint of the session, or empty for all of it
     * @throws java.util.NoSuchElementException when there is no such session or checkpoint
     */
    SessionInfo fork(String sessionId, Optional<String> checkpoint);

    /**
     * Deletes a session; false if there was none.
     *
     * @throws SessionLockedException when the session is open elsewhere
     */
    boolean delete(String sessionId);
}
