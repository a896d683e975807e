package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.core.registry.Registered;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code agentloop tools}: the tools an agent gets, with where each comes from. */
@Command(name = "tools", description = "Lists the tools agents get: built-in and from plugins.")
final class ToolsCommand implements Callable<Integer> {
    @ParentCommand
    AgentloopCommand parent;

    @Mixin
    CommonOptions options;

    @Override
    public Integer call() {
        PrintWriter out = parent.spec.commandLine().getOut();
        try (Platform platform = Platform.start(parent.home, parent.config(options), parent.spec.commandLine().getErr())) {
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
