package io.agentloop.api.plugin;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What the platform tells a plugin's extension about its plugin: its id and version, its own
 * settings ({@code plugins.<id>.*} in the configuration) and a folder for its data. An extension
 * (a tool, a hook, a provider...) receives it by declaring a public constructor that takes one;
 * extensions with only a no-argument constructor are created as before. One context per plugin,
 * shared by its extensions; thread-safe; nothing it returns is null.
 *
 * <pre>{@code
 * public final class AuditHook implements PostActingHook {
 *     private final Path file;
 *
 *     public AuditHook(PluginContext plugin) {
 *         this.file = plugin.setting("file").map(Path::of)
 *                 .orElse(plugin.dataFolder().resolve("audit.jsonl"));
 *     }
 * }
 * }</pre>
 */
public interface PluginContext {

    /** The plugin's id, as its descriptor declares it. */
    String pluginId();

    /** The plugin's version, as its descriptor declares it. */
    String pluginVersion();

    /**
     * The plugin's settings: the configuration's {@code plugins.<id>.*} keys without that prefix
     * ({@code plugins.audit-trail.file} is {@code file}), with the values as given. Never null.
     */
    Map<String, String> settings();

    /** One setting, when it is set. */
    default Optional<String> setting(String key) {
        return Optional.ofNullable(settings().get(key));
    }

    /**
     * A folder for this plugin's data, private to the user ({@code 0700}) and created on the first
     * call: {@code plugins/<id>} in the platform's data folder ({@code ~/.local/share/agentloop}).
     *
     * @throws java.io.UncheckedIOException when the folder cannot be created
     */
    Path dataFolder();
}
