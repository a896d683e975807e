package io.agentloop.launcher;

import io.agentloop.core.plugin.PluginInfo;
import io.agentloop.core.plugin.PluginProblem;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** {@code agentloop plugins}: every plugin file, its state and what it contributes, and what went wrong. */
final class PluginsCommand extends LauncherCommand {
    @Override
    CommandSpec spec() {
        return describe("plugins", "Lists the plugins in plugins/: state, origin and extensions.");
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        try (Platform platform = Platform.start(parent.home, parent.config(options), new PrintWriter(
                java.io.Writer.nullWriter()))) {
            if (platform.plugins().plugins().isEmpty()) {
                out.println("No plugins in " + parent.home.resolve("plugins") + ".");
            }
            for (PluginInfo plugin : platform.plugins().plugins()) {
                out.println(plugin.id() + " " + plugin.version() + "  " + plugin.state() + "  " + plugin.file());
                plugin.extensions().forEach(extension -> out.println("    " + extension));
            }
            for (PluginProblem problem : platform.plugins().problems()) {
                err.println("problem: " + problem);
            }
        }
        return Launcher.ANSWERED;
    }
}
