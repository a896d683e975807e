package io.agentloop.core.plugin;

import io.agentloop.api.plugin.PluginContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/** The platform's {@link PluginContext}: one per plugin, shared by its extensions. */
record HostPluginContext(String pluginId, String pluginVersion, Map<String, String> settings, Path folder)
        implements PluginContext {
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    HostPluginContext {
        settings = Map.copyOf(settings);
    }

    @Override
    public Path dataFolder() {
        try {
            if (!Files.isDirectory(folder)) {
                if (POSIX) {
                    Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx------")));
                } else {
                    Files.createDirectories(folder);
                }
            }
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data folder " + folder + " of plugin " + pluginId
                    + ": " + e.getMessage(), e);
        }
    }
}
