package io.agentloop.launcher;

import java.util.regex.Pattern;

/**
 * The line a tool call ends as in a pipe ({@code   [tool] read {"path":"a.txt"} ok -> alpha (1.2 ms)}),
 * matched by its name and what it came to, whatever its arguments: most tests check what a call did,
 * not how the model worded it.
 */
final class ToolLine {
    private ToolLine() {
    }

    /** A pattern for {@code name}'s line, its arguments, then {@code outcome} as written ({@code ok -> HELLO}). */
    static String closing(String name, String outcome) {
        return "\\[tool\\] " + Pattern.quote(name) + " (\\{.*\\} )?" + Pattern.quote(outcome);
    }
}
