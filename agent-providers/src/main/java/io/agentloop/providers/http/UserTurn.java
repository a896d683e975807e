package io.agentloop.providers.http;

import tools.jackson.core.JsonGenerator;

/**
 * Writing the user turns of formats whose turns must alternate (Anthropic, Gemini): a user's text
 * and the tool results around it go into one user turn, opened by the first and closed when the
 * model's turn comes. Not thread-safe: one per request written.
 */
public final class UserTurn {
    private final JsonGenerator out;
    private final String list;
    private boolean open;

    /** @param list the name of the turn's list of blocks ({@code content}, {@code parts}) */
    public UserTurn(JsonGenerator out, String list) {
        this.out = out;
        this.list = list;
    }

    /** Opens a user turn unless one is open, so the caller can write a block into it. */
    public void open() {
        if (!open) {
            out.writeStartObject();
            out.writeStringProperty("role", "user");
            out.writeArrayPropertyStart(list);
            open = true;
        }
    }

    /** Closes the user turn if one is open. */
    public void close() {
        if (open) {
            out.writeEndArray();
            out.writeEndObject();
            open = false;
        }
    }
}
