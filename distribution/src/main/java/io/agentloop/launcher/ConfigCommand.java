package io.agentloop.launcher;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** {@code agentloop config}: the effective configuration, secrets masked, with where each value came from. */
@Command(name = "config", description = "Prints the effective configuration (secrets masked) and where each value "
        + "came from.")
final class ConfigCommand implements Callable<Integer> {
    @ParentCommand
    AgentloopCommand parent;

    @Mixin
    CommonOptions options;

    @Override
    public Integer call() {
        PrintWriter out = parent.spec.commandLine().getOut();
        LauncherConfig config = parent.config(options);
        if (config.describe().isEmpty()) {
            out.println("Nothing is configured. Files read: " + parent.home.resolve("conf/agentloop.yaml")
                    + ", ~/.config/agentloop/agentloop.yaml (or AGENTLOOP_CONFIG); variables: "
                    + String.join(", ", new java.util.TreeSet<>(ConfigLoader.ENVIRONMENT.keySet())));
        }
        config.describe().forEach(out::println);
        return Launcher.ANSWERED;
    }
}
