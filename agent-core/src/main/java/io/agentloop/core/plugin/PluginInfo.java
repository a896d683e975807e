package io.agentloop.core.plugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A plugin as the launcher lists it.
 *
 * @param state      {@code STARTED}, {@code INCOMPLETE} (started, but some of its extensions are
 *                   not used: the problems say which and why), {@code DISABLED} (by configuration
 *                   or a failed check), {@code FAILED}
 * @param extensions the extensions it contributed, as {@code kind name}
 */
public record PluginInfo(String id, String version, Path file, String state, List<String> extensions) {
    public PluginInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(state, "state");
        extensions = List.copyOf(extensions);
    }
}
