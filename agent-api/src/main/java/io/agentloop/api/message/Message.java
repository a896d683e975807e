package io.agentloop.api.message;

import java.util.List;

/**
 * One message of a conversation. A closed set: consume it with an exhaustive {@code switch}.
 *
 * <pre>{@code
 * String shown = switch (message) {
 *     case SystemMessage s -> "system: " + s.text();
 *     case UserMessage u -> "you: " + u.text();
 *     case AssistantMessage a -> "agent: " + a.text();
 *     case ToolMessage t -> t.results().size() + " tool results";
 * };
 * }</pre>
 *
 * <p>Messages are immutable values; "changing" one means building a new one.
 */
public sealed interface Message permits SystemMessage, UserMessage, AssistantMessage, ToolMessage {

    /** The role of the sender. Never null. */
    Role role();

    /** The content blocks, in order. Never null, may be empty for an assistant message. */
    List<? extends ContentBlock> content();

    /** The concatenated text blocks (reasoning excluded). Never null; empty when there is none. */
    default String text() {
        StringBuilder out = new StringBuilder();
        for (ContentBlock block : content()) {
            if (block instanceof TextBlock t) {
                out.append(t.text());
            }
        }
        return out.toString();
    }
}
