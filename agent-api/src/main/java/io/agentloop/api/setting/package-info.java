/**
 * How an extension declares a setting it reads from the configuration: a
 * {@link io.agentloop.api.setting.Setting} is its name, type, default and one line of help. Model
 * providers declare their {@code providers.<id>.*} settings with them and plugins their
 * {@code plugins.<id>.*} (through {@code io.agentloop.api.plugin.PluginSettings}); the launcher
 * reads the declarations to refuse unknown keys and wrong values and to list them.
 */
package io.agentloop.api.setting;
