package io.agentloop.api.message;

import java.util.List;
import java.util.Objects;

/** Instructions for the model. Compaction always keeps system messages. */
public record SystemMessage(String text) implements Message {
    public SystemMessage {
        Objects.requireNonNull(text, "text");
    }

    @Override
    public Role role() {
        return Role.SYSTEM;
    }

    @Override
    public List<TextBlock> content() {
        return List.of(new TextBlock(text));
    }
}
