package io.agentloop.api.plugin;

import io.agentloop.api.setting.Setting;
import java.util.List;

/**
 * The settings a plugin reads ({@code plugins.<id>.*}), declared so that the launcher checks them
 * ({@code agentloop config --check} refuses a key the plugin does not declare, naming the nearest,
 * and a value of the wrong type) and lists them ({@code agentloop plugins}). A plugin declares them
 * with one extension of this type, listed like its other extensions ({@code @Extension} or
 * {@code META-INF/services/io.agentloop.api.plugin.PluginSettings}); a plugin without one has its
 * settings passed on unchecked. Created once, with a public no-argument constructor; called on the
 * launcher's thread; {@link #settings()} never returns null.
 *
 * <pre>{@code
 * public final class AuditSettings implements PluginSettings {
 *     public List<Setting> settings() {
 *         return List.of(Setting.text("file", "where the audit lines are written")
 *                 .withDefault("audit.jsonl in the plugin's data folder"));
 *     }
 * }
 * }</pre>
 */
public interface PluginSettings {

    /** Every setting the plugin reads, in the order to list them. */
    List<Setting> settings();
}
