package io.agentloop.api.session;

import io.agentloop.api.AgentException;

/** The session is open for writing in another writer or process. The message says which and what to do. */
public class SessionLockedException extends AgentException {
    public SessionLockedException(String message) {
        super(message);
    }
}
