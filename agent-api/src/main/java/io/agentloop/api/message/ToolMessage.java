package io.agentloop.api.message;

import java.util.List;

/**
 * The results of the tool calls of the assistant message just before it, in call order, one
 * result per call. Wire formats that want one message per result split it.
 */
public record ToolMessage(List<ToolResultBlock> results) implements Message {
    public ToolMessage {
        results = List.copyOf(results);
        if (results.isEmpty()) {
            throw new IllegalArgumentException("a tool message needs at least one result");
        }
    }

    @Override
    public Role role() {
        return Role.TOOL;
    }

    @Override
    public List<ToolResultBlock> content() {
        return results;
    }
}
