package io.agentloop.api.memory;

import java.util.List;

/**
 * Long-term memory: facts kept across sessions and retrieved by relevance to the current task.
 * The launcher's is chosen with {@code memory.store}: the built-in {@code file} (a JSON-lines
 * file), or a plugin's by its {@link #name()}; the recall hook ({@code memory.enabled}), the
 * optional saving after each answer ({@code memory.auto-save}) and {@code agentloop memory} use it.
 * A store should hand back each entry's {@link MemoryEntry#provenance()} as it was given: an entry
 * without one is shown as of unknown origin and treated as untrusted.
 *
 * <p>Implementations need a public no-argument constructor (or one taking a
 * {@link io.agentloop.api.plugin.PluginContext}, for settings and a data folder) and must be
 * thread-safe.
 */
public interface LongTermMemory {

    /** The name configuration chooses it by ({@code file}). */
    String name();

    /** Stores an entry, replacing one with the same id. */
    void remember(MemoryEntry entry);

    /** The entries most relevant to {@code query}, best first, at most {@code limit}. Never null. */
    List<MemoryEntry> recall(String query, int limit);

    /** Removes the entry with this id; false if there was none. */
    boolean forget(String id);
}
