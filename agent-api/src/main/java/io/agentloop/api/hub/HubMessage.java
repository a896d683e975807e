package io.agentloop.api.hub;

import java.util.Objects;

/**
 * One thing said in a hub: who said it and what. The speaker is a participant's name, or the name
 * of someone outside the hub who announces to all (a moderator).
 *
 * <pre>{@code
 * hub.publish(new HubMessage("moderator", "Should we rewrite the parser?"));
 * }</pre>
 *
 * @param speaker who said it; never blank
 * @param text    what was said; never null, may be empty
 */
public record HubMessage(String speaker, String text) {
    public HubMessage {
        Objects.requireNonNull(speaker, "speaker");
        Objects.requireNonNull(text, "text");
        if (speaker.isBlank()) {
            throw new IllegalArgumentException("a hub message needs a speaker: the name of who said it");
        }
    }

    /** The message as a line of the conversation, {@code [speaker]: text}: how an agent is shown it. */
    public String line() {
        return "[" + speaker + "]: " + text;
    }
}
