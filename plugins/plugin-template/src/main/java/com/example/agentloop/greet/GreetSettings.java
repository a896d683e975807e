package com.example.agentloop.greet;

import io.agentloop.api.plugin.PluginSettings;
import io.agentloop.api.setting.Setting;
import java.util.List;

/**
 * The settings this plugin reads, declared so that the launcher checks them: {@code agentloop config
 * --check} refuses {@code plugins.my-plugin.greting} (naming {@code greeting}) and a value of the
 * wrong type, and {@code agentloop plugins} lists them with their defaults. Listed in
 * META-INF/services/io.agentloop.api.plugin.PluginSettings. A user sets one in the configuration:
 *
 * <pre>
 * plugins:
 *   my-plugin:
 *     greeting: Bonjour
 * </pre>
 *
 * and {@link GreetTool} reads it from its {@code PluginContext}.
 */
public final class GreetSettings implements PluginSettings {
    /** What the greet tool says before the name. */
    public static final Setting GREETING = Setting.text("greeting", "what the greet tool says before the name")
            .withDefault("Hello");

    @Override
    public List<Setting> settings() {
        return List.of(GREETING);
    }
}
