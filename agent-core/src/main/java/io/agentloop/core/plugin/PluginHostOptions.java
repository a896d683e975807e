package io.agentloop.core.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Where plugins are and which to leave out.
 *
 * @param folders          plugin folders, in order (the installation's {@code plugins/} first)
 * @param disabled         plugin ids not to load
 * @param platformVersion  the Agentloop version plugins' {@code Plugin-Requires} is checked against
 */
public record PluginHostOptions(List<Path> folders, Set<String> disabled, String platformVersion) {
    public PluginHostOptions {
        folders = List.copyOf(folders);
        disabled = Set.copyOf(disabled);
        Objects.requireNonNull(platformVersion, "platformVersion");
    }
}
