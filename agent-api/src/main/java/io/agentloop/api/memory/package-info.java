/**
 * What a run remembers. Short-term: the {@link io.agentloop.api.memory.Memory} that decides which
 * of a run's messages the model is sent, and the {@link io.agentloop.api.memory.CompactionStrategy}
 * that shrinks a conversation grown past its threshold (asked with a
 * {@link io.agentloop.api.memory.CompactionRequest}, measured by a
 * {@link io.agentloop.api.memory.TokenEstimator}). Long-term: the
 * {@link io.agentloop.api.memory.LongTermMemory} store of {@link io.agentloop.api.memory.MemoryEntry}
 * notes kept across sessions, each with the {@link io.agentloop.api.memory.Provenance} that says
 * whether it may be trusted. The core brings the built-in memory and compaction strategies and calls
 * them in the loop; the hooks module brings the file store and the recall hook; a plugin may bring
 * any of the three kinds, chosen by name in the configuration.
 */
package io.agentloop.api.memory;
