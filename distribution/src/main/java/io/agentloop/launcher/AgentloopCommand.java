package io.agentloop.launcher;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code agentloop}: the top command; the work is in its subcommands. */
@Command(name = "agentloop", mixinStandardHelpOptions = true, versionProvider = AgentloopCommand.Version.class,
        description = "Runs LLM agents: the model reasons, asks for tools, Agentloop runs them, until it answers.",
        subcommands = {RunCommand.class, ChatCommand.class, ToolsCommand.class, PluginsCommand.class, ProvidersCommand.class,
                ConfigCommand.class, SessionsCommand.class, MemoryCommand.class, WarmUpCommand.class})
final class AgentloopCommand implements Callable<Integer> {
    final Path home;
    final UnaryOperator<String> env;
    /** What chat reads; null for the user's terminal. */
    final InputStream in;

    @Spec
    CommandSpec spec;

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
