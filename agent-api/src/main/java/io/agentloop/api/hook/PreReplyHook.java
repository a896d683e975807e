package io.agentloop.api.hook;

import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Runs before a run starts; may change the messages the run starts from (history, system prompt and the user message). For example, injecting retrieved memories.
 * See {@link Hook} for ordering and failure rules. Never return null.
 */
@FunctionalInterface
public interface PreReplyHook extends Hook {
    /** Returns the messages to run with; return {@code messages} to pass through. */
    List<Message> beforeReply(List<Message> messages, HookContext context);
}
