package io.agentloop.core.plugin;

import io.agentloop.api.plugin.PluginContext;
import io.agentloop.core.secret.PrivateFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

/** The platform's {@link PluginContext}: one per plugin, shared by its extensions. */
record HostPluginContext(String pluginId, String pluginVersion, Map<String, String> settings, Path folder)
        implements PluginContext {
    HostPluginContext {
        settings = Map.copyOf(settings);
    }

    @Override
    public Path dataFolder() {
        try {
            return PrivateFiles.folder(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data folder " + folder + " of plugin " + pluginId
                    + ": " + e.getMessage(), e);
        }
    }
}
