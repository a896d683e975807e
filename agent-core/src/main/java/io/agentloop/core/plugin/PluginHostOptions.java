package io.agentloop.core.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Where plugins are, which to leave out, and what they are given.
 *
 * @param folders          plugin folders, in order (the installation's {@code plugins/} first)
 * @param disabled         plugin ids not to load
 * @param platformVersion  the Agentloop version plugins' {@code Plugin-Requires} is checked against
 * @param settings         the plugins' settings as {@code <id>.<key>} (the configuration's
 *                         {@code plugins.<id>.<key>} without {@code plugins.}); each plugin gets
 *                         its own, as {@code <key>}
 * @param dataRoot         the folder holding each plugin's data folder ({@code <dataRoot>/<id>})
 */
public record PluginHostOptions(List<Path> folders, Set<String> disabled, String platformVersion,
                                Map<String, String> settings, Path dataRoot) {
    public PluginHostOptions {
        folders = List.copyOf(folders);
        disabled = Set.copyOf(disabled);
        Objects.requireNonNull(platformVersion, "platformVersion");
        settings = Map.copyOf(settings);
        Objects.requireNonNull(dataRoot, "dataRoot");
    }

    /** No settings; data under the platform's data folder. */
    public PluginHostOptions(List<Path> folders, Set<String> disabled, String platformVersion) {
        this(folders, disabled, platformVersion, Map.of(), defaultDataRoot());
    }

    /** {@code $XDG_DATA_HOME/agentloop/plugins}, by default {@code ~/.local/share/agentloop/plugins}. */
    public static Path defaultDataRoot() {
        String data = System.getenv("XDG_DATA_HOME");
        Path base = data != null && !data.isBlank() ? Path.of(data)
                : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("agentloop").resolve("plugins");
    }
}
