package io.agentloop.launcher;

import io.agentloop.api.tool.ToolSource;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code agentloop mcp}: the configured MCP servers, connected, with their state and tools. */
final class McpCommand extends LauncherCommand {
    private String action = "list";

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("mcp", "MCP servers (mcp.servers.<name>): list (default) starts each and shows "
                + "its state and tools.");
        spec.addPositional(Cli.word(0, "ACTION", "list", "list (default).", () -> action, v -> action = v));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        if (!action.equals("list")) {
            err.println("agentloop mcp: unknown action '" + action + "': use list");
            return Launcher.USAGE;
        }
        LauncherConfig config = config();
        try (Platform platform = platform(config)) {
            Optional<ToolSource> mcp = platform.extensions().toolSources().get("mcp");
            if (mcp.isEmpty()) {
                throw new ConfigLoader.ConfigurationException("MCP servers need the mcp plugin (plugins/mcp-plugin-*.jar),"
                        + " which is missing or disabled (plugins.disabled)");
            }
            platform.sourceTools();
            if (mcp.get().connections().isEmpty()) {
                out.println("No MCP servers: configure one under mcp.servers.<name> with a command (stdio) or a url "
                        + "(streamable HTTP).");
            }
            for (ToolSource.Connection server : mcp.get().connections()) {
                out.printf("%-16s %-9s %s%n", server.name(), server.state(), server.problem()
                        .orElse(server.tools().size() + " tools: " + String.join(", ", server.tools())));
            }
        }
        out.flush();
        return Launcher.ANSWERED;
    }
}
