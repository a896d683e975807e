package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolServer;
import io.agentloop.api.tool.ToolSource;
import io.agentloop.core.Agent;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code agentloop mcp}: the configured MCP servers, connected, with their state and tools. */
final class McpCommand extends LauncherCommand {
    private String action = "list";

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("mcp", "MCP servers (mcp.servers.<name>): list (default) starts each and shows "
                + "its state and tools; serve offers this installation's tools as an MCP server on stdin and stdout.");
        spec.addPositional(Cli.word(0, "ACTION", "list", "list (default) or serve.", () -> action,
                v -> action = v));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        if (!action.equals("list") && !action.equals("serve")) {
            err.println("agentloop mcp: unknown action '" + action + "': use list or serve");
            return Launcher.USAGE;
        }
        LauncherConfig config = config();
        if (action.equals("serve")) {
            return serve(config);
        }
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

    /**
     * Serves the built-in and plugin tools (not those of MCP servers) under the configured
     * permission rules and workspace, with no one to approve: what would ask is refused. Standard
     * output is the protocol's: nothing else is written there.
     */
    private int serve(LauncherConfig config) {
        try (Platform platform = platform(config)) {
            ToolServer mcp = platform.extensions().toolServers().get("mcp").orElseThrow(() ->
                    new ConfigLoader.ConfigurationException("agentloop mcp serve needs the mcp plugin "
                            + "(plugins/mcp-plugin-*.jar), which is missing or disabled (plugins.disabled)"));
            List<Tool> tools = AgentSetup.tools(platform, config, false);
            Agent agent = Agent.builder().model(new NoModel("agentloop mcp serve runs tools, not a model")).tools(tools)
                    .extensions(platform.extensions()).permissions(AgentSetup.permissions(config)).workspace(WorkspaceSetup.workspace(config, platform.home()))
                    .build();
            mcp.serve(tools, agent::callTool, parent.in != null ? parent.in : System.in, System.out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Launcher.ANSWERED;
    }
}
