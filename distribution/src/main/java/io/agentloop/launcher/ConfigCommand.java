package io.agentloop.launcher;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** {@code agentloop config}: the effective configuration, secrets masked, with where each value came from. */
final class ConfigCommand extends LauncherCommand {
    @Override
    CommandSpec spec() {
        return describe("config", "Prints the effective configuration (secrets masked) and where each value came "
                + "from.");
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        LauncherConfig config = config();
        if (config.describe().isEmpty()) {
            out.println("Nothing is configured. Files read: " + parent.home.resolve("conf/agentloop.yaml")
                    + ", ~/.config/agentloop/agentloop.yaml (or AGENTLOOP_CONFIG); variables: "
                    + String.join(", ", new java.util.TreeSet<>(ConfigLoader.ENVIRONMENT.keySet())));
        }
        config.describe().forEach(out::println);
        return Launcher.ANSWERED;
    }
}
