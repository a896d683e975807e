package io.agentloop.api.session;

import java.time.Instant;
import java.util.Objects;

/** What a session list shows of one session. */
public record SessionInfo(String id, String title, Instant created, Instant updated, int messageCount) {
    public SessionInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(updated, "updated");
    }
}
