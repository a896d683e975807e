package io.agentloop.core.compaction;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Makes what any compaction strategy returned a conversation every provider accepts, and keeps the
 * task: the system messages first; then the pinned user messages (the run's task, word for word)
 * that a strategy dropped, put back in front; then the rest, where a tool result whose call is
 * gone and a call whose result is gone are removed (an API refuses either). The conversation then
 * opens with a user turn, as Anthropic, Gemini and most chat templates require: should what comes
 * first after the system messages still be another turn (an earlier run's answer, whose question
 * was dropped), a short user message saying the start was compacted goes before it. Applied by the
 * loop after every strategy, a plugin's too.
 */
public final class ConversationRepair {
    static final String COMPACTED_START = "(The start of this conversation was compacted; go on from what follows.)";

    private ConversationRepair() {
    }

    /**
     * @param compacted what the strategy returned
     * @param pinned    the messages to keep word for word: the task first
     */
    public static List<Message> repair(List<Message> compacted, List<Message> pinned) {
        List<Message> system = new ArrayList<>();
        List<Message> rest = new ArrayList<>();
        for (Message message : compacted) {
            (message instanceof SystemMessage ? system : rest).add(message);
        }
        for (Message pin : pinned) {
            if (pin instanceof SystemMessage && !system.contains(pin)) {
                system.add(pin);
            }
        }
        List<Message> front = new ArrayList<>();
        for (Message pin : pinned) {
            if (pin instanceof UserMessage && !rest.contains(pin)) {
                front.add(pin); // where it was kept it stays, so the turns keep their order
            }
        }
        List<Message> out = new ArrayList<>(system);
        out.addAll(front);
        out.addAll(paired(rest));
        if (out.size() > system.size() && !(out.get(system.size()) instanceof UserMessage)) {
            out.add(system.size(), UserMessage.of(COMPACTED_START));
        }
        return out;
    }

    /** The messages without tool results whose call is not before them, nor calls whose result is missing. */
    private static List<Message> paired(List<Message> messages) {
        Set<String> answered = new HashSet<>();
        for (Message message : messages) {
            if (message instanceof ToolMessage tool) {
                tool.results().forEach(r -> answered.add(r.toolCallId()));
            }
        }
        Set<String> called = new HashSet<>();
        List<Message> out = new ArrayList<>();
        for (Message message : messages) {
            switch (message) {
                case AssistantMessage assistant -> {
                    List<ContentBlock> blocks = new ArrayList<>();
                    for (ContentBlock block : assistant.content()) {
                        if (block instanceof ToolCall call) {
                            if (!answered.contains(call.id())) {
                                continue;
                            }
                            called.add(call.id());
                        }
                        blocks.add(block);
                    }
                    if (blocks.size() == assistant.content().size()) {
                        out.add(assistant);
                    } else if (!blocks.isEmpty()) {
                        out.add(assistant.withContent(blocks));
                    }
                }
                case ToolMessage tool -> {
                    List<ToolResultBlock> results = tool.results().stream()
                            .filter(r -> called.contains(r.toolCallId())).toList();
                    if (results.size() == tool.results().size()) {
                        out.add(tool);
                    } else if (!results.isEmpty()) {
                        out.add(new ToolMessage(results));
                    }
                }
                default -> out.add(message);
            }
        }
        return out;
    }
}
