package io.agentloop.launcher;

import io.agentloop.api.permission.Approver;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** What every {@code agentloop} subcommand has: the common options, the streams, the configuration. */
abstract class LauncherCommand implements Callable<Integer> {
    /** The top command; set before this one runs. */
    AgentloopCommand parent;

    final CommonOptions options = new CommonOptions();

    /** This command for picocli: name, description and options (the common ones included). */
    abstract CommandSpec spec();

    /** A command description with the common options; subclasses add their own. */
    final CommandSpec describe(String name, String description) {
        CommandSpec spec = Cli.command(this, name, description);
        options.addTo(spec);
        return spec;
    }

    PrintWriter out() {
        return parent.spec.commandLine().getOut();
    }

    PrintWriter err() {
        return parent.spec.commandLine().getErr();
    }

    /** The effective configuration; also sets the log level. */
    LauncherConfig config() {
        return parent.config(options);
    }

    /** How a run is shown on standard output: rendered on a terminal, plain otherwise. */
    RunView view(LauncherConfig config) {
        Screen screen = Screen.detect(config.get("output.color").orElse("auto"), parent.env);
        return RunView.on(screen, out(), LauncherHooks.defaultRedactor(),
                Boolean.parseBoolean(config.get("output.reasoning").orElse("true")));
    }

    /**
     * The person at the terminal, asked on stderr; none for a script or a pipe, which has no one to ask
     * (a call that asks then pauses a run, and is refused in {@code tools call}). The mode decides what
     * asks: with --yes only a command no sandbox holds still does.
     */
    Optional<Approver> terminalApprover(LauncherConfig config) {
        Console terminal = System.console();
        if (terminal == null || parent.in != null || !RunCommand.interactive(terminal)) {
            return Optional.empty();
        }
        BufferedReader answers = new BufferedReader(terminal.reader());
        return Optional.of(new ConsoleApprover(err(), () -> {
            try {
                return answers.readLine();
            } catch (IOException e) {
                return null;
            }
        }, ConsoleApprover.keptIn(ApprovedRules.of(config), WorkspaceSetup.workspaceRoot(config))));
    }

    /** Built-ins and plugins, plugin problems reported on stderr. */
    Platform platform(LauncherConfig config) {
        return Platform.start(parent.home, config, err());
    }
}
