package io.agentloop.api.hook;

import io.agentloop.api.model.ChatRequest;

/**
 * Runs before each model call (once per call, not per retry); may change the request: messages, tools or options.
 * See {@link Hook} for ordering and failure rules. Never return null.
 */
@FunctionalInterface
public interface PreReasoningHook extends Hook {
    /** Returns the request to send; return {@code request} to pass through. */
    ChatRequest beforeReasoning(ChatRequest request, HookContext context);
}
