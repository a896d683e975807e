package io.agentloop.launcher;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop config}: the effective configuration, secrets masked, with where each value came
 * from; with {@code --check}, whether the files hold only known keys with values of the right type
 * and rules naming installed tools, every problem on a line of its own.
 */
final class ConfigCommand extends LauncherCommand {
    boolean check;

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("config", "Prints the effective configuration (secrets masked) and where each "
                + "value came from.");
        spec.addOption(Cli.flag("Check the configuration files (known keys, value types, permission rules naming "
                + "installed tools) and print every problem (exit 3), or that the configuration is OK.",
                () -> check, v -> check = v, "--check"));
        return spec;
    }

    @Override
    public Integer call() {
        if (check) {
            return check();
        }
        PrintWriter out = out();
        LauncherConfig config = config();
        if (config.describe().isEmpty()) {
            out.println("Nothing is configured. Files read: " + parent.home.resolve("conf/agentloop.yaml")
                    + ", " + ConfigLoader.userFile(parent.env) + " (or AGENTLOOP_CONFIG); variables: "
                    + String.join(", ", new java.util.TreeSet<>(ConfigLoader.ENVIRONMENT.keySet())));
        }
        config.describe().forEach(out::println);
        return Launcher.ANSWERED;
    }

    private int check() {
        ConfigLoader.Loaded loaded = parent.loaded(options);
        List<String> problems = new ArrayList<>(loaded.problems());
        // The rules are checked even when the files have problems, so that one check shows them all.
        try (Platform platform = platform(loaded.config())) {
            problems.addAll(RuleNames.problems(loaded.config(), RuleNames.known(platform)));
            problems.addAll(ExtensionNames.problems(loaded.config(), platform.extensions()));
            platform.pluginSettingDeclarations().forEach((id, settings) -> problems.addAll(DeclaredSettings.checked(
                    loaded.config(), "plugins." + id, settings)));
            platform.extensions().providers().entries().forEach(entry -> problems.addAll(platform.providerProblems(
                    entry.name(), entry.extension())));
        }
        if (!problems.isEmpty()) {
            throw new ConfigLoader.ConfigurationException(String.join("\n", problems));
        }
        out().println("configuration OK (" + (loaded.files().isEmpty() ? "no configuration files"
                : String.join(", ", loaded.files().stream().map(Path::toString).toList())) + ")");
        return Launcher.ANSWERED;
    }
}
