package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolSource;
import io.agentloop.core.registry.Registered;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code agentloop tools}: the tools an agent gets, with where each comes from. */
final class ToolsCommand extends LauncherCommand {
    @Override
    CommandSpec spec() {
        return describe("tools", "Lists the tools agents get: built-in, from plugins and from MCP servers.");
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        try (Platform platform = platform(config())) {
            if (platform.extensions().tools().entries().isEmpty()) {
                out.println("No tools: built-in tools and plugin tools in plugins/ appear here.");
            }
            for (Registered<Tool> tool : platform.extensions().tools().entries()) {
                print(out, tool.extension(), tool.origin().toString());
            }
            List<Tool> offered = platform.sourceTools();
            for (ToolSource source : platform.extensions().toolSources().all()) {
                source.tools().stream().filter(offered::contains).forEach(tool -> print(out, tool, source.name()));
            }
        }
        return Launcher.ANSWERED;
    }

    private static void print(PrintWriter out, Tool tool, String origin) {
        out.printf("%-20s %-28s %-10s %s%n", tool.spec().name(), origin, tool.readOnly() ? "read-only" : "",
                tool.spec().description().lines().findFirst().orElse(""));
    }
}
