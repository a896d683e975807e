package io.agentloop.core.compaction;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;

/**
 * A conversation cut into the units compaction may drop: system messages (always kept) and
 * groups that start at a user or assistant message and take along the tool message that answers
 * an assistant's tool calls. Dropping whole groups never separates a call from its result.
 */
record TurnGroups(List<Message> system, List<List<Message>> groups) {

    static TurnGroups of(List<Message> messages) {
        List<Message> system = new ArrayList<>();
        List<List<Message>> groups = new ArrayList<>();
        List<Message> current = null;
        for (Message message : messages) {
            switch (message) {
                case SystemMessage s -> system.add(s);
                case ToolMessage t -> {
                    if (current == null) {
                        current = new ArrayList<>();
                        groups.add(current);
                    }
                    current.add(t);
                }
                case AssistantMessage a -> {
                    current = new ArrayList<>();
                    groups.add(current);
                    current.add(a);
                }
                default -> {
                    current = new ArrayList<>();
                    groups.add(current);
                    current.add(message);
                }
            }
        }
        return new TurnGroups(system, groups);
    }

    /** Whether group {@code index} holds a pinned message (the task): it is never dropped. */
    boolean pinned(int index, CompactionRequest request) {
        return groups.get(index).stream().anyMatch(request::isPinned);
    }

    /** Whether group {@code index} holds a tool's error, which is kept before ordinary turns. */
    boolean failed(int index) {
        return groups.get(index).stream().anyMatch(m -> m instanceof ToolMessage tool
                && tool.results().stream().anyMatch(r -> r.error()));
    }

    /** The system messages followed by the kept groups, in their order. */
    List<Message> keep(SortedSet<Integer> kept) {
        List<Message> out = new ArrayList<>(system);
        kept.forEach(i -> out.addAll(groups.get(i)));
        return out;
    }
}
