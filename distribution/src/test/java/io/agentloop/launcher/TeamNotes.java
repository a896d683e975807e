package io.agentloop.launcher;

import io.agentloop.api.memory.LongTermMemory;
import io.agentloop.api.memory.MemoryEntry;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** A plugin's long-term memory for the tests: it knows one fact, about deploys. */
public final class TeamNotes implements LongTermMemory {
    static final MemoryEntry DEPLOYS = new MemoryEntry("deploys", "Deploys happen on Tuesdays at 14:00 UTC.",
            Set.of("deploy"), Instant.parse("2026-01-01T00:00:00Z"));

    @Override
    public String name() {
        return "team-notes";
    }

    @Override
    public void remember(MemoryEntry entry) {
        throw new UnsupportedOperationException("team notes are read-only");
    }

    @Override
    public List<MemoryEntry> recall(String query, int limit) {
        return query.toLowerCase().contains("deploy") ? List.of(DEPLOYS) : List.of();
    }

    @Override
    public boolean forget(String id) {
        return false;
    }
}
