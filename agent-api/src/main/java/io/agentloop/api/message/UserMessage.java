package io.agentloop.api.message;

import java.util.List;

/** A message from the user. Holds text blocks (images come later). */
public record UserMessage(List<TextBlock> content) implements Message {
    public UserMessage {
        content = List.copyOf(content);
        if (content.isEmpty()) {
            throw new IllegalArgumentException("a user message needs at least one block");
        }
    }

    public static UserMessage of(String text) {
        return new UserMessage(List.of(new TextBlock(text)));
    }

    @Override
    public Role role() {
        return Role.USER;
    }
}
