package io.agentloop.hooks.memory;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.memory.LongTermMemory;
import io.agentloop.api.memory.MemoryEntry;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * Before each model call, recalls the long-term memories most relevant to the current task (the
 * last user message) and puts them in the request as a system message after the leading ones. The
 * conversation itself is not changed: the memories are context for the call, not turns of the
 * conversation, so they are never saved into a session twice.
 */
public final class MemoryRecall implements PreReasoningHook {
    static final String HEADING = "Notes from long-term memory (may be relevant):";

    private final LongTermMemory memory;
    private final int limit;

    public MemoryRecall(LongTermMemory memory, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        this.memory = memory;
        this.limit = limit;
    }

    @Override
    public ChatRequest beforeReasoning(ChatRequest request, HookContext context) {
        String task = "";
        for (Message message : request.messages()) {
            if (message instanceof UserMessage user) {
                task = user.text();
            }
        }
        if (task.isBlank()) {
            return request;
        }
        List<MemoryEntry> recalled = memory.recall(task, limit);
        if (recalled.isEmpty()) {
            return request;
        }
        StringBuilder notes = new StringBuilder(HEADING);
        recalled.forEach(entry -> notes.append("\n- ").append(entry.text()));
        List<Message> messages = new ArrayList<>(request.messages());
        int at = 0;
        while (at < messages.size() && messages.get(at) instanceof SystemMessage) {
            at++;
        }
        messages.add(at, new SystemMessage(notes.toString()));
        return request.withMessages(messages);
    }

    /** Not in a sub-agent's run: notes are recalled for the user's task; a sub-agent gets what its parent hands it. */
    @Override
    public boolean appliesToSubAgents() {
        return false;
    }
}
