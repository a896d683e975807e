package io.agentloop.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The effective configuration: dotted keys ({@code provider}, {@code model},
 * {@code run.max-iterations}, {@code providers.openai.base-url}, {@code plugins.disabled}...), each
 * with the layer it came from. Layers apply in order, later wins: the installation's
 * {@code conf/agentloop.yaml}, the user's file, environment variables, command-line flags.
 */
final class LauncherConfig {
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private Path userFolder = Path.of(System.getProperty("user.home"), ".config", "agentloop");
    private Path userConfig = userFolder;

    /**
     * A value and where it was set.
     *
     * @param line the line in the file {@code source}, 0 when not known or not from a file
     */
    record Entry(String value, String source, int line) {
        /** {@code file:line}, or the layer. */
        String where() {
            return line > 0 ? source + ":" + line : source;
        }
    }

    /** Sets every key of a layer. */
    void apply(Map<String, String> layer, String source) {
        apply(layer, source, Map.of());
    }

    /** Sets every key of a file's layer, with the line each is on. */
    void apply(Map<String, String> layer, String source, Map<String, Integer> lines) {
        layer.forEach((key, value) -> {
            if (value != null) {
                entries.put(key, new Entry(value, source, lines.getOrDefault(key, 0)));
            }
        });
    }

    /**
     * A copy with {@code layer} applied over it, for one served run (its workspace, mode and
     * profile); this configuration is left as it is.
     */
    LauncherConfig with(Map<String, String> layer, String source) {
        LauncherConfig copy = new LauncherConfig();
        copy.entries.putAll(entries);
        copy.userFolder = userFolder;
        copy.userConfig = userConfig;
        copy.apply(layer, source);
        return copy;
    }

    /** Where a key was set ({@code file:line}, {@code environment}...), for errors about its value. */
    Optional<String> where(String key) {
        return Optional.ofNullable(entries.get(key)).map(Entry::where);
    }

    /**
     * The folder of the user's configuration file ({@code $XDG_CONFIG_HOME/agentloop},
     * {@code ~/.config/agentloop}, or where AGENTLOOP_CONFIG is).
     */
    Path userFolder() {
        return userFolder;
    }

    void userFolder(Path folder) {
        userFolder = folder;
    }

    /** What tools must not read: the file AGENTLOOP_CONFIG names, else the whole user folder. */
    Path userConfig() {
        return userConfig;
    }

    void userConfig(Path fileOrFolder) {
        userConfig = fileOrFolder;
    }

    Optional<String> get(String key) {
        Entry entry = entries.get(key);
        return entry == null || entry.value().isBlank() ? Optional.empty() : Optional.of(entry.value());
    }

    /** A comma-separated list value. */
    List<String> list(String key) {
        return get(key).map(v -> Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList())
                .orElse(List.of());
    }

    /** The settings below {@code prefix.}, with the prefix removed. */
    Map<String, String> section(String prefix) {
        Map<String, String> out = new LinkedHashMap<>();
        entries.forEach((key, entry) -> {
            if (key.startsWith(prefix + ".")) {
                out.put(key.substring(prefix.length() + 1), entry.value());
            }
        });
        return out;
    }

    /** Every key, sorted, secrets masked, with its source: for {@code agentloop config}. */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        new TreeMap<>(entries).forEach((key, entry) -> lines.add(key + " = " + (secret(key) ? mask(entry.value())
                : entry.value()) + "    (" + entry.source() + ")"));
        return Collections.unmodifiableList(lines);
    }

    static boolean secret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("key") || k.contains("token") || k.contains("secret") || k.contains("password")
                || k.contains("authorization") || (k.startsWith("mcp.") && (k.contains(".env.") || k.contains(".headers.")))
                // a plugin's exporter headers (plugins.otel.headers: api-key=...) carry the collector's key
                || (k.startsWith("plugins.") && k.endsWith(".headers"));
    }

    static String mask(String value) {
        return value.length() <= 8 ? "****" : value.substring(0, 3) + "****" + value.substring(value.length() - 2);
    }
}
