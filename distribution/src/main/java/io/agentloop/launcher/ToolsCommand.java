package io.agentloop.launcher;

import io.agentloop.api.permission.Approver;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSource;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.core.permission.PermissionGate;
import io.agentloop.core.registry.Registered;
import io.agentloop.core.text.Nearest;
import io.agentloop.core.text.TerminalText;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop tools}: the tools an agent gets, with where each comes from. {@code agentloop
 * tools call NAME '{json}'} runs one of them without a model, the way a run would: the run's agent
 * set-up with its tools, hooks, permission rules and mode, workspace and command sandbox, and the
 * person at the terminal as approver ({@link Agent#callTool}), so a plugin's tool can be tried alone.
 */
final class ToolsCommand extends LauncherCommand {
    private List<String> words = List.of();

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("tools", "Lists the tools agents get: built-in, from plugins and from MCP servers. "
                + "tools call NAME '{json}' runs one with these arguments as a run would (its permission rules and "
                + "mode, workspace and sandbox; asking at the terminal), with no model, and prints its result.");
        spec.addPositional(Cli.words(0, "ACTION", "call, the tool's name and its arguments as a JSON object "
                + "({} when left out).", () -> words, v -> words = v));
        return spec;
    }

    @Override
    public Integer call() {
        if (!words.isEmpty()) {
            if (!words.getFirst().equals("call") || words.size() < 2 || words.size() > 3) {
                err().println("agentloop tools: to run a tool write agentloop tools call NAME '{\"argument\": "
                        + "\"value\"}' (the arguments as one JSON object, quoted for the shell); agentloop tools alone "
                        + "lists the tools");
                return Launcher.USAGE;
            }
            return callOne(words.get(1), words.size() == 3 ? words.get(2) : "{}");
        }
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

    /**
     * Exit codes as {@code run}'s: 0 the tool gave a result (printed on stdout), 1 it failed or the call
     * was refused (by a rule or at the terminal), 2 no such tool or arguments it does not take (named),
     * 4 the call needs an approval no one can give here (a run would pause), 130 cancelled.
     */
    private int callOne(String name, String arguments) {
        PrintWriter out = out();
        PrintWriter err = err();
        LauncherConfig config = config();
        try (Platform platform = platform(config)) {
            Optional<Approver> approver = terminalApprover(config);
            try (AgentSetup setup = AgentSetup.of(platform, config, AgentSetup.Source.TOOLS_ONLY, event -> { },
                    approver)) {
                List<String> names = setup.agent().toolSpecs().stream().map(ToolSpec::name).toList();
                if (!names.contains(name)) {
                    err.println("agentloop tools call: there is no tool '" + name + "'" + Nearest.to(name, names)
                            .map(near -> "; did you mean '" + near + "'?").orElse("") + " (agentloop tools lists them)");
                    return Launcher.USAGE;
                }
                setup.notice(err, approver.isPresent());
                return switch (setup.agent().callTool(name, arguments)) {
                    case ToolResult.Success success -> {
                        // a tool's text may hold escape sequences: shown, not obeyed, as in a run
                        out.println(TerminalText.printable(success.content()));
                        out.flush();
                        yield Launcher.ANSWERED;
                    }
                    case ToolResult.Failure failure -> failed(name, failure, err);
                };
            }
        }
    }

    private static int failed(String name, ToolResult.Failure failure, PrintWriter err) {
        err.println("agentloop tools call " + name + ": " + failure.content());
        boolean unanswered = failure.code().equals(ToolResult.Failure.DENIED)
                && failure.message().startsWith(PermissionGate.UNANSWERED);
        if (unanswered) {
            err.println("agentloop: no one can approve it here: run the command at a terminal to be asked, allow it "
                    + "with a rule in permissions.allow, or choose a permission mode that lets it ("
                    + PauseNotice.MODES + ")");
        }
        return switch (failure.code()) {
            case ToolResult.Failure.INVALID_ARGUMENTS, ToolResult.Failure.UNKNOWN_TOOL -> Launcher.USAGE;
            case ToolResult.Failure.CANCELLED -> Launcher.CANCELLED;
            default -> unanswered ? Launcher.AWAITING_APPROVAL : Launcher.NO_ANSWER;
        };
    }

    private static void print(PrintWriter out, Tool tool, String origin) {
        print(out, tool.spec(), origin, tool.readOnly() ? "read-only" : "");
    }

    private static void print(PrintWriter out, ToolSpec spec, String origin, String readOnly) {
        out.printf("%-20s %-28s %-10s %s%n", spec.name(), origin, readOnly,
                spec.description().lines().findFirst().orElse(""));
    }
}
