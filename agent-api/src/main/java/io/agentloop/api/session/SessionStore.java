package io.agentloop.api.session;

import io.agentloop.api.message.Message;
import java.util.List;
import java.util.Optional;

/**
 * Persists sessions: conversations a user can list, resume and delete.
 *
 * <h2>Contract</h2>
 * Appends are durable in order: after a crash, a session loads with every message whose
 * {@link #append} returned, at most the one being written lost. Implementations must be
 * thread-safe, and must refuse (not interleave) a second writer of the same session.
 */
public interface SessionStore {

    /** Creates an empty session. */
    SessionInfo create(String title);

    /** Appends a message to a session. */
    void append(String sessionId, Message message);

    /** The session's messages, oldest first; empty when there is no such session. */
    Optional<List<Message>> load(String sessionId);

    /** Every session, most recently updated first. Never null. */
    List<SessionInfo> list();

    /** Deletes a session; false if there was none. */
    boolean delete(String sessionId);
}
