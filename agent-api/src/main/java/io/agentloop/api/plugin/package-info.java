/**
 * What a plugin's extensions know of their plugin: the {@link io.agentloop.api.plugin.PluginContext}
 * (its id, version, {@code plugins.<id>.*} settings and data folder), which the platform hands to an
 * extension whose constructor takes one, and the {@link io.agentloop.api.plugin.PluginSettings} a
 * plugin implements to declare those settings, so that the launcher checks and lists them. The
 * core implements the context when it loads a plugin; the test kit has one for a plugin's tests.
 */
package io.agentloop.api.plugin;
