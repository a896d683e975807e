package io.agentloop.api.memory;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One long-term memory: a piece of text with keywords that help find it, and where it came from.
 *
 * @param provenance who wrote it and what was in the context of the run that saved it; empty when
 *                   unknown (a store that keeps none, or a note saved before notes kept it), which is
 *                   treated as untrusted
 */
public record MemoryEntry(String id, String text, Set<String> keywords, Instant created,
                          Optional<Provenance> provenance) {
    public MemoryEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
        keywords = Set.copyOf(keywords);
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(provenance, "provenance");
    }

    /** An entry whose provenance is unknown. */
    public MemoryEntry(String id, String text, Set<String> keywords, Instant created) {
        this(id, text, keywords, created, Optional.empty());
    }

    /** Whether its provenance is known and shows no outside content behind it. */
    public boolean trusted() {
        return provenance.map(Provenance::trusted).orElse(false);
    }
}
