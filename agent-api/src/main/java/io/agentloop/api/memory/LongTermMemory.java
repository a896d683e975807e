package io.agentloop.api.memory;

import java.util.List;

/**
 * Long-term memory: facts kept across sessions and retrieved by relevance to the current task.
 * Implementations must be thread-safe.
 */
public interface LongTermMemory {

    /** Stores an entry, replacing one with the same id. */
    void remember(MemoryEntry entry);

    /** The entries most relevant to {@code query}, best first, at most {@code limit}. Never null. */
    List<MemoryEntry> recall(String query, int limit);

    /** Removes the entry with this id; false if there was none. */
    boolean forget(String id);
}
