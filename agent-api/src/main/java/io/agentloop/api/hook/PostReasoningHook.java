package io.agentloop.api.hook;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;

/**
 * Runs after each successful model call; may change the assistant message (its text, or which tool calls it asks for) before it enters the conversation.
 * See {@link Hook} for ordering and failure rules. Never return null.
 */
@FunctionalInterface
public interface PostReasoningHook extends Hook {
    /** Returns the message to keep. */
    AssistantMessage afterReasoning(ChatRequest request, AssistantMessage response, HookContext context);
}
