package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.core.registry.Registered;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** {@code agentloop tools}: the tools an agent gets, with where each comes from. */
final class ToolsCommand extends LauncherCommand {
    @Override
    CommandSpec spec() {
        return describe("tools", "Lists the tools agents get: built-in and from plugins.");
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        try (Platform platform = platform(config())) {
            if (platform.extensions().tools().entries().isEmpty()) {
                out.println("No tools: built-in tools and plugin tools in plugins/ appear here.");
            }
            for (Registered<Tool> tool : platform.extensions().tools().entries()) {
                out.printf("%-20s %-28s %-10s %s%n", tool.name(), tool.origin(),
                        tool.extension().readOnly() ? "read-only" : "", tool.extension().spec().description());
            }
        }
        return Launcher.ANSWERED;
    }
}
