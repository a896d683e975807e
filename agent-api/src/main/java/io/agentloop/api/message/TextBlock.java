package io.agentloop.api.message;

import java.util.Objects;

/** Plain text. May be empty (a provider can open a text block and send nothing). */
public record TextBlock(String text) implements ContentBlock {
    public TextBlock {
        Objects.requireNonNull(text, "text");
    }
}
