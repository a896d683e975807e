package io.agentloop.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Builds the {@link LauncherConfig} from its layers: {@code <home>/conf/agentloop.yaml} (or
 * {@code .json}), the user's {@code agentloop.yaml} in {@link #userFolder} (or the file named by
 * {@code AGENTLOOP_CONFIG}), the environment, then the flags. Each file is checked against
 * {@link ConfigSchema} ({@link ConfigFile}); a file with problems stops every command, because a
 * setting the user believes in (a deny rule under a misspelled key) would otherwise do nothing.
 */
final class ConfigLoader {
    /** Environment variables and the keys they set. */
    static final Map<String, String> ENVIRONMENT = Map.ofEntries(
            Map.entry("AGENTLOOP_PROVIDER", "provider"),
            Map.entry("AGENTLOOP_MODEL", "model"),
            Map.entry("AGENTLOOP_SYSTEM", "run.system"),
            Map.entry("AGENTLOOP_MAX_ITERATIONS", "run.max-iterations"),
            Map.entry("AGENTLOOP_ITERATION_TIMEOUT", "run.iteration-timeout"),
            Map.entry("AGENTLOOP_RUN_TIMEOUT", "run.timeout"),
            Map.entry("AGENTLOOP_TOOL_TIMEOUT", "run.tool-timeout"),
            Map.entry("AGENTLOOP_MAX_RETRIES", "run.max-retries"),
            Map.entry("AGENTLOOP_PLUGINS_DISABLED", "plugins.disabled"),
            Map.entry("AGENTLOOP_PLUGINS_FOLDERS", "plugins.folders"),
            Map.entry("AGENTLOOP_SESSIONS", "sessions.folder"),
            Map.entry("AGENTLOOP_COLOR", "output.color"));

    private ConfigLoader() {
    }

    /**
     * The user's configuration folder: {@code $XDG_CONFIG_HOME/agentloop} when that variable holds
     * an absolute path (the XDG rule: a relative one is ignored), else {@code ~/.config/agentloop}.
     */
    static Path userFolder(UnaryOperator<String> env) {
        String xdg = env.apply("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("agentloop");
    }

    /** The user's configuration file: the one {@code AGENTLOOP_CONFIG} names, else {@code agentloop.yaml} in {@link #userFolder}. */
    static Path userFile(UnaryOperator<String> env) {
        String named = env.apply("AGENTLOOP_CONFIG");
        return named != null && !named.isBlank() ? Path.of(named) : userFolder(env).resolve("agentloop.yaml");
    }

    /** The layers, and what is wrong with the files (the configuration is built from them anyway). */
    static Loaded read(Path home, UnaryOperator<String> env, Map<String, String> flags) {
        LauncherConfig config = new LauncherConfig();
        List<Path> files = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String name : new String[] {"agentloop.yaml", "agentloop.yml", "agentloop.json"}) {
            Path file = home.resolve("conf").resolve(name);
            if (Files.isRegularFile(file)) {
                files.add(file);
                break;
            }
        }
        String userFile = env.apply("AGENTLOOP_CONFIG");
        Path user = userFile(env);
        config.userFolder(user.toAbsolutePath().getParent());
        // No tool reads the user's configuration: the named file alone, or the whole default folder.
        config.userConfig(userFile != null && !userFile.isBlank() ? user.toAbsolutePath() : userFolder(env));
        if (Files.isRegularFile(user)) {
            files.add(user);
        } else if (userFile != null && !userFile.isBlank()) {
            // Never opened: reading a named pipe would wait for a writer, and a device would never end.
            problems.add("AGENTLOOP_CONFIG names " + user + ", which " + (Files.exists(user) ? "is not a regular file ("
                    + kind(user) + "): name a YAML or JSON file" : "does not exist"));
        }
        for (Path path : files) {
            ConfigFile file = ConfigFile.read(path);
            config.apply(file.values(), path.toString(), file.lines());
            problems.addAll(file.problems());
        }
        Map<String, String> fromEnv = new LinkedHashMap<>();
        ENVIRONMENT.forEach((variable, key) -> fromEnv.put(key, env.apply(variable)));
        config.apply(fromEnv, "environment");
        config.apply(flags, "command line");
        return new Loaded(config, List.copyOf(files), List.copyOf(problems));
    }

    /** What a path that exists and is not a regular file is, in words ("a folder", "a named pipe"). */
    static String kind(Path path) {
        if (Files.isDirectory(path)) {
            return "a folder";
        }
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & 0170000; // the S_IFMT bits of stat(2)
            return switch (type) {
                case 0010000 -> "a named pipe";
                case 0020000, 0060000 -> "a device";
                case 0140000 -> "a socket";
                default -> "neither a file nor a folder";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "neither a file nor a folder"; // no unix view (Windows): what it is cannot be told
        }
    }

    /**
     * The configuration and the files it was read from, with their problems.
     *
     * @param problems one line each, naming the file and line
     */
    record Loaded(LauncherConfig config, List<Path> files, List<String> problems) {
        /** The configuration, or every problem as one configuration error. */
        LauncherConfig orThrow() {
            if (!problems.isEmpty()) {
                throw new ConfigurationException(String.join("\n", problems));
            }
            return config;
        }
    }

    /** A configuration the user must fix; the message says how, one line per problem. */
    static final class ConfigurationException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ConfigurationException(String message) {
            super(message);
        }
    }
}
