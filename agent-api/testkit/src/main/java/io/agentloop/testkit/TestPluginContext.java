package io.agentloop.testkit;

import io.agentloop.api.plugin.PluginContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A {@link PluginContext} for constructing a plugin's extension in a unit test, with the settings
 * the test gives ({@code plugins.<id>.*} without the prefix) and a data folder inside a folder of
 * the test's own (a JUnit {@code @TempDir}), created on the first {@link #dataFolder()} call as the
 * platform's is. Immutable and thread-safe.
 *
 * <pre>{@code
 * @Test
 * void writesWhereItIsTold(@TempDir Path folder) {
 *     AuditHook hook = new AuditHook(TestPluginContext.of("audit-trail", folder).withSetting("file", "a.jsonl"));
 * }
 * }</pre>
 *
 * @param pluginId      the plugin's id
 * @param pluginVersion the plugin's version
 * @param settings      the plugin's settings, without the {@code plugins.<id>.} prefix
 * @param parent        the folder that holds the data folder ({@code plugins/<id>} inside it)
 */
public record TestPluginContext(String pluginId, String pluginVersion, Map<String, String> settings, Path parent)
        implements PluginContext {

    public TestPluginContext {
        Objects.requireNonNull(pluginId, "pluginId");
        Objects.requireNonNull(pluginVersion, "pluginVersion");
        settings = Map.copyOf(settings);
        Objects.requireNonNull(parent, "parent");
    }

    /** Plugin {@code pluginId} at version {@code 1.0.0}, with no settings; its data go under {@code folder}. */
    public static TestPluginContext of(String pluginId, Path folder) {
        return new TestPluginContext(pluginId, "1.0.0", Map.of(), folder);
    }

    /** The same context with one more setting (or another value for it). */
    public TestPluginContext withSetting(String key, String value) {
        Map<String, String> more = new HashMap<>(settings);
        more.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
        return new TestPluginContext(pluginId, pluginVersion, more, parent);
    }

    public TestPluginContext withVersion(String version) {
        return new TestPluginContext(pluginId, version, settings, parent);
    }

    /** {@code plugins/<id>} under the test's folder, created on the first call. */
    @Override
    public Path dataFolder() {
        Path folder = parent.resolve("plugins").resolve(pluginId);
        try {
            return Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the plugin's data folder " + folder, e);
        }
    }
}
