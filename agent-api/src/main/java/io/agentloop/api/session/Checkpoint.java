package io.agentloop.api.session;

import io.agentloop.api.message.Usage;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A named point of a session a run can be restored from: where the conversation was, how the run
 * stood, and data the program keeps with it.
 *
 * @param name  unique within the session ({@code run-3}, {@code before-refactor})
 * @param at    when it was taken
 * @param state the run's state then ({@code COMPLETED ANSWERED}, free text)
 * @param usage the tokens used up to then
 * @param data  the program's own context data
 */
public record Checkpoint(String name, Instant at, String state, Usage usage, Map<String, String> data) {
    public Checkpoint {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a checkpoint needs a name");
        }
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(usage, "usage");
        data = Map.copyOf(data);
    }
}
