package io.agentloop.launcher;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;

/**
 * The demo's script for a model that cannot decide to call a tool: its first turn must call one
 * (the grammar makes the call well-formed), every later turn must answer in words.
 */
final class DemoTurns implements PreReasoningHook {

    @Override
    public ChatRequest beforeReasoning(ChatRequest request, HookContext context) {
        ToolChoice choice = context.iteration() <= 1 ? ToolChoice.REQUIRED : ToolChoice.NONE;
        return request.withOptions(request.options().withToolChoice(choice));
    }

    /** Not in a sub-agent's run: the demo's scripted turns are for the run the user started. */
    @Override
    public boolean appliesToSubAgents() {
        return false;
    }
}
