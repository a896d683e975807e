package io.agentloop.launcher;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** What every {@code agentloop} subcommand has: the common options, the streams, the configuration. */
abstract class LauncherCommand implements Callable<Integer> {
    @ParentCommand
    AgentloopCommand parent;

    @Mixin
    CommonOptions options;

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

    /** Built-ins and plugins, plugin problems reported on stderr. */
    Platform platform(LauncherConfig config) {
        return Platform.start(parent.home, config, err());
    }
}
