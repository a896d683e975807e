package io.agentloop.launcher;

import io.agentloop.core.permission.PermissionMode;
import java.util.List;

/**
 * The line a run no one can approve in starts its standard error with: its permission mode, what a
 * call that asks does then (it pauses the run), and which tools ask. An MCP server can bring dozens
 * of tools, so the line names the first few and counts the rest: it stays one short line however
 * many tools there are.
 */
final class ModeLine {
    /** How many of the tools that ask the line names. */
    static final int NAMED_TOOLS = 3;

    private ModeLine() {
    }

    /** The line for {@code mode} with {@code asking}, the tools that ask in it, in the agent's order. */
    static String of(PermissionMode mode, List<String> asking) {
        return "agentloop: mode " + mode + " (" + mode.summary() + "); no one can approve in this run, so a call "
                + "that asks pauses the run (exit code 4)" + tools(asking) + ". Choose with --mode edit|auto or --yes.";
    }

    private static String tools(List<String> asking) {
        if (asking.isEmpty()) {
            return "";
        }
        List<String> named = asking.subList(0, Math.min(NAMED_TOOLS, asking.size()));
        int more = asking.size() - named.size();
        return ": " + String.join(", ", named) + (more > 0 ? " and " + more + " more" : "") + " ask";
    }
}
