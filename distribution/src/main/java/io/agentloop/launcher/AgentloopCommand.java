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
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code agentloop}: the top command; the work is in its subcommands. No command has methods as
 * subcommands ({@code addMethodSubcommands = false} spares picocli a reflective scan of every method
 * at start-up), and help and version are plain options here rather than picocli's mixin (one class
 * less to read by reflection).
 */
@Command(name = "agentloop", addMethodSubcommands = false,
        versionProvider = AgentloopCommand.Version.class,
        description = "Runs LLM agents: the model reasons, asks for tools, Agentloop runs them, until it answers.")
final class AgentloopCommand implements Callable<Integer> {
    /**
     * The subcommands, in the order help lists them. Built only when needed: picocli reads each one's
     * annotations by reflection, which is most of its start-up cost, so a command line naming one
     * subcommand gets only that one (help and unknown words get them all).
     */
    static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
        commands.put("run", RunCommand::new);
        commands.put("chat", ChatCommand::new);
        commands.put("tools", ToolsCommand::new);
        commands.put("plugins", PluginsCommand::new);
        commands.put("providers", ProvidersCommand::new);
        commands.put("config", ConfigCommand::new);
        commands.put("sessions", SessionsCommand::new);
        commands.put("memory", MemoryCommand::new);
        commands.put("warm-up", WarmUpCommand::new);
        return Collections.unmodifiableMap(commands);
    }

    /** Adds the subcommand {@code args} name, or all of them. */
    static void addSubcommands(CommandLine commandLine, String[] args) {
        Supplier<Object> named = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
        if (named != null) {
            commandLine.addSubcommand(args[0], named.get());
        } else {
            SUBCOMMANDS.forEach((name, command) -> commandLine.addSubcommand(name, command.get()));
        }
    }

    final Path home;
    final UnaryOperator<String> env;
    /** What chat reads; null for the user's terminal. */
    final InputStream in;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "Print version information and exit.")
    boolean version;

    AgentloopCommand(Path home, UnaryOperator<String> env, InputStream in) {
        this.home = home;
        this.env = env;
        this.in = in;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return Launcher.ANSWERED;
    }

    LauncherConfig config(CommonOptions options) {
        Logging.configure(options.verbose);
        return ConfigLoader.load(home, env, options.asConfig());
    }

    /** Prints the version. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"Agentloop " + Launcher.version()};
        }
    }
}
