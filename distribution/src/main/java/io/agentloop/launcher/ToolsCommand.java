package io.agentloop.launcher;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolSource;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
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
        LauncherConfig config = config();
        try (Platform platform = platform(config)) {
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
            agentTools(platform, config).forEach(spec -> print(out, spec, "built-in (the agent)", ""));
        }
        return Launcher.ANSWERED;
    }

    /**
     * The tools the agent adds itself: {@code skill} when there are skills, {@code task} when the
     * configuration gives sub-agents ({@code agents.*}). Listed, never run, so a sub-agent's own
     * model is not made: the offline example model stands in for it.
     */
    private static List<ToolSpec> agentTools(Platform platform, LauncherConfig config) {
        Agent.Builder builder = Agent.builder().skills(AgentSetup.skills(platform, config))
                .subAgents(AgentSetup.subAgents(config, AgentSetup.tools(platform, config, true),
                        model -> new ExampleModel()).toArray(SubAgentProfile[]::new));
        return builder.toolSpecs();
    }

    private static void print(PrintWriter out, Tool tool, String origin) {
        print(out, tool.spec(), origin, tool.readOnly() ? "read-only" : "");
    }

    private static void print(PrintWriter out, ToolSpec spec, String origin, String readOnly) {
        out.printf("%-20s %-28s %-10s %s%n", spec.name(), origin, readOnly,
                spec.description().lines().findFirst().orElse(""));
    }
}
