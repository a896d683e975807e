/**
 * Loading plugins: PF4J configured for Agentloop ({@link io.agentloop.core.plugin.PluginHost} over
 * its plugin manager), finding each plugin's extensions in its own files, checking what a plugin
 * jar holds before any of its code runs, creating extensions with their
 * {@link io.agentloop.api.plugin.PluginContext}, and saying what went wrong with a plugin in words a
 * user can act on. What loads is registered into the {@code io.agentloop.core.registry}. The
 * launcher and the Spring Boot starter load plugins here; plugin authors never see this package.
 */
package io.agentloop.core.plugin;
