package io.agentloop.api.memory;

import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Short-term memory: what a run keeps of its conversation and sends the model on each call. The
 * run appends every message (the input, each answer, each round of tool results) and asks
 * {@link #messages()} before each call; a memory may keep everything (the built-in
 * {@code in-memory}) or less (the last turns, a window by tokens). What it leaves out is still in
 * the run's result and its session: a memory decides what the model sees, not what is kept on
 * record. Keep tool calls and their results together (a provider refuses a result whose call is
 * missing), and keep the system messages.
 *
 * <p>The registered instance is a template: the platform asks it for a {@link #fresh()} memory
 * for each run and uses that one only for that run. Chosen with {@code memory.short-term}
 * ({@code Agent.Builder.memory} in code).
 *
 * <pre>{@code
 * public final class LastTurns implements Memory {
 *     private final List<Message> all = new ArrayList<>();
 *     public String name() { return "last-turns"; }
 *     public Memory fresh() { return new LastTurns(); }
 *     public synchronized List<Message> messages() { ... the system messages and the last turns of all ... }
 *     public synchronized void append(Message message) { all.add(message); }
 *     public synchronized void replaceAll(List<Message> messages) { all.clear(); all.addAll(messages); }
 *     public synchronized void clear() { all.clear(); }
 * }
 * }</pre>
 *
 * <p>Implementations need a public no-argument constructor and must be thread-safe.
 */
public interface Memory {

    /** The name configuration chooses it by ({@code in-memory}). */
    String name();

    /** A new, empty memory of this kind, for one run. */
    Memory fresh();

    /** What the model is sent next, oldest first. Never null. */
    List<Message> messages();

    void append(Message message);

    /** Replaces everything (after compaction). */
    void replaceAll(List<Message> messages);

    void clear();
}
