package io.agentloop.api.memory;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/** One long-term memory: a piece of text with keywords that help find it. */
public record MemoryEntry(String id, String text, Set<String> keywords, Instant created) {
    public MemoryEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
        keywords = Set.copyOf(keywords);
        Objects.requireNonNull(created, "created");
    }
}
