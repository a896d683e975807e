package io.agentloop.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Builds the {@link LauncherConfig} from its layers: {@code <home>/conf/agentloop.yaml} (or
 * {@code .json}), the user's {@code ~/.config/agentloop/agentloop.yaml} (or the file named by
 * {@code AGENTLOOP_CONFIG}), the environment, then the flags. Files are nested maps flattened to
 * dotted keys; lists become comma-separated values.
 */
final class ConfigLoader {
    /** Environment variables and the keys they set. */
    static final Map<String, String> ENVIRONMENT = Map.of(
            "AGENTLOOP_PROVIDER", "provider",
            "AGENTLOOP_MODEL", "model",
            "AGENTLOOP_SYSTEM", "run.system",
            "AGENTLOOP_MAX_ITERATIONS", "run.max-iterations",
            "AGENTLOOP_PLUGINS_DISABLED", "plugins.disabled",
            "AGENTLOOP_PLUGINS_FOLDERS", "plugins.folders",
            "AGENTLOOP_SESSIONS", "sessions.folder");

    private ConfigLoader() {
    }

    static LauncherConfig load(Path home, UnaryOperator<String> env, Map<String, String> flags) {
        LauncherConfig config = new LauncherConfig();
        for (String name : new String[] {"agentloop.yaml", "agentloop.yml", "agentloop.json"}) {
            Path file = home.resolve("conf").resolve(name);
            if (Files.isRegularFile(file)) {
                config.apply(read(file), file.toString());
                break;
            }
        }
        String userFile = env.apply("AGENTLOOP_CONFIG");
        Path user = userFile != null && !userFile.isBlank() ? Path.of(userFile)
                : Path.of(System.getProperty("user.home"), ".config", "agentloop", "agentloop.yaml");
        if (Files.isRegularFile(user)) {
            config.apply(read(user), user.toString());
        } else if (userFile != null && !userFile.isBlank()) {
            throw new ConfigurationException("AGENTLOOP_CONFIG names " + user + ", which does not exist");
        }
        Map<String, String> fromEnv = new LinkedHashMap<>();
        ENVIRONMENT.forEach((variable, key) -> fromEnv.put(key, env.apply(variable)));
        config.apply(fromEnv, "environment");
        config.apply(flags, "command line");
        return config;
    }

    private static Map<String, String> read(Path file) {
        if (onlyComments(file)) {
            // The shipped example is all comments: no need to start a YAML parser for it.
            return Map.of();
        }
        ObjectMapper mapper = file.toString().endsWith(".json") ? JsonMapper.builder().build()
                : YAMLMapper.builder().build();
        JsonNode root;
        try {
            root = mapper.readTree(file.toFile());
        } catch (JacksonException e) {
            throw new ConfigurationException(file + " is not valid " + (mapper instanceof YAMLMapper ? "YAML" : "JSON")
                    + ": " + e.getOriginalMessage());
        }
        Map<String, String> flat = new LinkedHashMap<>();
        if (root != null && root.isObject()) {
            flatten("", root, flat);
        } else if (root != null && !root.isMissingNode() && !root.isNull()) {
            throw new ConfigurationException(file + " must hold a map of settings (provider: ..., model: ...)");
        }
        return flat;
    }

    private static boolean onlyComments(Path file) {
        try (java.util.stream.Stream<String> lines = Files.lines(file)) {
            return lines.map(String::strip).allMatch(line -> line.isEmpty() || line.startsWith("#"));
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new ConfigurationException(file + " cannot be read: " + e.getMessage());
        }
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                flatten(prefix.isEmpty() ? property.getKey() : prefix + "." + property.getKey(), property.getValue(), out);
            }
        } else if (node.isArray()) {
            StringBuilder joined = new StringBuilder();
            for (JsonNode element : node.values()) {
                joined.append(joined.isEmpty() ? "" : ",").append(element.asString());
            }
            out.put(prefix, joined.toString());
        } else if (!node.isNull()) {
            out.put(prefix, node.asString());
        }
    }

    /** A configuration the user must fix; the message says how. */
    static final class ConfigurationException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ConfigurationException(String message) {
            super(message);
        }
    }
}
