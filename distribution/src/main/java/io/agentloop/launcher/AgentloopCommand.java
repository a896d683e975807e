package io.agentloop.launcher;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code agentloop}: the top command; the work is in its subcommands. The commands are described to
 * picocli in code ({@link Cli}).
 */
final class AgentloopCommand implements Callable<Integer> {
    /**
     * The subcommands, in the order help lists them. Built only when needed: a command line naming
     * one subcommand gets only that one (help and unknown words get them all).
     */
    static final Map<String, Supplier<LauncherCommand>> SUBCOMMANDS = subcommands();

    private static Map<String, Supplier<LauncherCommand>> subcommands() {
        Map<String, Supplier<LauncherCommand>> commands = new LinkedHashMap<>();
        commands.put("run", RunCommand::new);
        commands.put("chat", ChatCommand::new);
        commands.put("hub", HubCommand::new);
        commands.put("tools", ToolsCommand::new);
        commands.put("plugins", PluginsCommand::new);
        commands.put("providers", ProvidersCommand::new);
        commands.put("config", ConfigCommand::new);
        commands.put("sessions", SessionsCommand::new);
        commands.put("report", ReportCommand::new);
        commands.put("stats", StatsCommand::new);
        commands.put("approvals", ApprovalsCommand::new);
        commands.put("approve", DecideCommand::approve);
        commands.put("deny", DecideCommand::deny);
        commands.put("memory", MemoryCommand::new);
        commands.put("mcp", McpCommand::new);
        commands.put("serve", ServeCommand::new);
        commands.put("worker", WorkerCommand::new);
        commands.put("init", InitCommand::new);
        commands.put("completion", CompletionCommand::new);
        commands.put("warm-up", WarmUpCommand::new);
        return Collections.unmodifiableMap(commands);
    }

    final Path home;
    final UnaryOperator<String> env;
    /** What chat reads; null for the user's terminal. */
    final InputStream in;
    /** This command as picocli knows it (its streams are the command line's). */
    final CommandSpec spec;

    AgentloopCommand(Path home, UnaryOperator<String> env, InputStream in) {
        this.home = home;
        this.env = env;
        this.in = in;
        this.spec = Cli.command(this, "agentloop", "Runs LLM agents: the model reasons, asks for tools, Agentloop "
                + "runs them, until it answers.");
        Module launcher = AgentloopCommand.class.getModule();
        spec.version("Agentloop " + Launcher.version(), "Java " + Runtime.version().feature() + ", "
                + (launcher.isNamed() ? "module " + launcher.getName() + " on the module path" : "on the class path"));
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
    }

    /** The command line for {@code args}: this command and the subcommand they name, or all of them. */
    CommandLine commandLine(String[] args) {
        CommandLine commandLine = new CommandLine(spec);
        Supplier<LauncherCommand> named = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
        if (named != null) {
            add(commandLine, args[0], named.get());
        } else {
            SUBCOMMANDS.forEach((name, command) -> add(commandLine, name, command.get()));
            if (args.length > 0 && args[0].equals("help")) {
                // picocli's own help command, described by annotations: read only when asked for.
                commandLine.addSubcommand("help", new CommandLine.HelpCommand());
            }
        }
        return commandLine;
    }

    private void add(CommandLine commandLine, String name, LauncherCommand command) {
        command.parent = this;
        commandLine.addSubcommand(name, new CommandLine(command.spec()));
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return Launcher.ANSWERED;
    }

    /** The effective configuration; a file with problems is a configuration error. */
    LauncherConfig config(CommonOptions options) {
        return loaded(options).orThrow();
    }

    /** The configuration with the files' problems, for commands that report them themselves. */
    ConfigLoader.Loaded loaded(CommonOptions options) {
        Logging.configure(options.verbose);
        return ConfigLoader.read(home, env, options.asConfig());
    }
}
