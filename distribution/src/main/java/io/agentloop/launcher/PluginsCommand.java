package io.agentloop.launcher;

import io.agentloop.api.setting.Setting;
import io.agentloop.core.plugin.PluginInfo;
import io.agentloop.core.plugin.PluginProblem;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop plugins}: every plugin file, its state, what it contributes and the settings it
 * declares (name, type, default, help), and what went wrong.
 */
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
            Map<String, List<Setting>> settings = platform.pluginSettingDeclarations();
            for (PluginInfo plugin : platform.plugins().plugins()) {
                out.println(plugin.id() + " " + plugin.version() + "  " + plugin.state() + "  " + plugin.file());
                plugin.extensions().forEach(extension -> out.println("    " + extension));
                settings.getOrDefault(plugin.id(), List.of()).forEach(setting -> out.println("    setting plugins."
                        + plugin.id() + "." + setting));
            }
            for (PluginProblem problem : platform.plugins().problems()) {
                err.println("problem: " + problem);
            }
        }
        return Launcher.ANSWERED;
    }
}
