package io.agentloop.api.memory;

import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Short-term memory: the conversation an agent carries from one run to the next. The loop itself
 * is stateless; a session reads this before a run and writes the run's new messages after it.
 *
 * <p>Implementations must be thread-safe.
 */
public interface Memory {

    /** A snapshot of the messages, oldest first. Never null. */
    List<Message> messages();

    void append(Message message);

    /** Replaces everything (after compaction). */
    void replaceAll(List<Message> messages);

    void clear();
}
