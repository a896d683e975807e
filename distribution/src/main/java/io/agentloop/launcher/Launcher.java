package io.agentloop.launcher;

import io.agentloop.core.text.Nearest;
import io.agentloop.core.text.TerminalText;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine;

/**
 * The {@code bin/agentloop} entry point. Exit codes: 0 the run answered (or the command worked),
 * 1 the run ended without an answer (failed, iteration limit, stuck, timeout), 2 wrong usage,
 * 3 a configuration the user must fix, 4 the run paused: tool calls wait for approval, 130 cancelled
 * with Ctrl-C.
 */
public final class Launcher {
    static final int ANSWERED = 0;
    static final int NO_ANSWER = 1;
    static final int USAGE = 2;
    static final int CONFIGURATION = 3;
    static final int AWAITING_APPROVAL = 4;
    static final int CANCELLED = 130;

    private Launcher() {
    }

    public static void main(String[] args) {
        // Logback is the logging provider: named, SLF4J need not search every jar for one (and quietly).
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", "ch.qos.logback.classic.spi.LogbackServiceProvider");
            System.setProperty("slf4j.internal.verbosity", "WARN");
        }
        if (args.length > 0 && (args[0].equals("run") || args[0].equals("chat") || args[0].equals("warm-up"))) {
            StartUpPreload.start();
        }
        // Standard error carries no styles of ours, only messages with others' words in them (a
        // provider's error, a plugin's or an MCP server's line, a collector's answer, the log):
        // none of its control characters reach the terminal.
        System.setErr(new PrintStream(TerminalText.stream(new BufferedOutputStream(new FileOutputStream(
                FileDescriptor.err))), true, StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        PluginExits exits = PluginExits.watch(err);
        exits.exit(run(args, home(), System::getenv, null, out, err));
    }

    /** Runs the command line with the console as its input; returns the exit code. */
    static int run(String[] args, Path home, UnaryOperator<String> env, PrintWriter out, PrintWriter err) {
        return run(args, home, env, null, out, err);
    }

    /**
     * Runs the command line; returns the exit code.
     *
     * @param in what {@code chat} reads, or null for the user's terminal
     */
    static int run(String[] args, Path home, UnaryOperator<String> env, InputStream in, PrintWriter out,
                   PrintWriter err) {
        if (args.length > 0 && !args[0].startsWith("-") && !args[0].equals("help")
                && !AgentloopCommand.SUBCOMMANDS.containsKey(args[0])) {
            List<String> commands = AgentloopCommand.SUBCOMMANDS.keySet().stream()
                    .filter(name -> !name.equals("warm-up")).toList();
            err.println("agentloop: there is no command '" + args[0] + "'" + Nearest.to(args[0], commands)
                    .map(name -> "; did you mean '" + name + "'?").orElse("; the commands are "
                            + String.join(", ", commands)) + " (agentloop --help lists them)");
            err.flush();
            return USAGE;
        }
        CommandLine commandLine = new AgentloopCommand(home, env, in).commandLine(args);
        commandLine.setOut(out).setErr(err);
        commandLine.setParameterExceptionHandler((e, arguments) -> {
            err.println(usageError(e));
            err.flush();
            return USAGE;
        });
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof ConfigLoader.ConfigurationException || e instanceof io.agentloop.api.AgentException) {
                // One line per problem, each marked as the launcher's.
                TerminalText.printable(LauncherHooks.defaultRedactor().apply(e.getMessage())).lines()
                        .forEach(text -> err.println("agentloop: " + text));
                return CONFIGURATION;
            }
            throw e;
        });
        int exit = commandLine.execute(args);
        out.flush();
        err.flush();
        return exit;
    }

    /**
     * A command line that cannot be parsed, in one line: what was wrong, the option meant when one is
     * near, and where the options are listed (the whole usage would bury the line that matters).
     */
    static String usageError(CommandLine.ParameterException e) {
        String command = e.getCommandLine().getCommandSpec().qualifiedName(" ");
        List<String> near = e instanceof CommandLine.UnmatchedArgumentException unmatched
                ? unmatched.getSuggestions() : List.of();
        return command + ": " + TerminalText.printable(String.join(" ", e.getMessage().strip().lines().toList()))
                + (near.isEmpty() ? "" : "; did you mean " + near.getFirst() + "?") + " (" + command
                + " --help lists the options)";
    }

    /** The installation folder, passed by {@code bin/agentloop}; the working folder otherwise. */
    static Path home() {
        String home = System.getProperty("agentloop.home");
        return Path.of(home == null ? "." : home).toAbsolutePath().normalize();
    }

    /** The project's version, from the build (never from a jar's manifest, which the class cache hides). */
    static String version() {
        return Version.VALUE;
    }

    /** Read once, on first use. */
    private static final class Version {
        static final String VALUE = read();

        private static String read() {
            try (InputStream in = Launcher.class.getResourceAsStream("version.properties")) {
                if (in == null) {
                    throw new IllegalStateException("version.properties is missing from the launcher: rebuild it");
                }
                java.util.Properties properties = new java.util.Properties();
                properties.load(in);
                return properties.getProperty("version");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("the launcher's version.properties cannot be read", e);
            }
        }
    }

    /** The version plugins' Plugin-Requires is checked against (pre-release qualifiers left out). */
    static String platformVersion() {
        String version = version();
        int qualifier = version.indexOf('-');
        return qualifier < 0 ? version : version.substring(0, qualifier);
    }
}
