package io.agentloop.api.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * Offers an installation's tools to other programs over a protocol: {@code agentloop mcp serve}
 * uses the {@code mcp} plugin's to speak MCP over stdio. The server describes the tools from their
 * specs and read-only hints and runs each call through the {@link ToolCaller} it is given, which
 * applies what a run applies (acting hooks, validation, the permission rules, the tool timeout,
 * secrets masked), so serving never widens what a tool may do.
 */
public interface ToolServer {

    /** The protocol's name ({@code mcp}). */
    String name();

    /**
     * Serves {@code tools} on these streams until the client closes {@code in}; then returns.
     *
     * @throws IOException when the streams fail
     */
    void serve(List<Tool> tools, ToolCaller caller, InputStream in, OutputStream out) throws IOException;

    /** Runs one call as an agent's run would. */
    @FunctionalInterface
    interface ToolCaller {
        /** The call's result, a failure when it was refused or failed; never throws for that. */
        ToolResult call(String tool, String argumentsJson);
    }
}
