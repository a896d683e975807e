/**
 * Every extension the platform knows, one ordered, name-keyed {@link io.agentloop.core.registry.Registry}
 * per SPI in {@link io.agentloop.core.registry.Extensions}: filled at start-up (built-ins from
 * {@link java.util.ServiceLoader}, then plugins), then frozen and shared by every agent. Each
 * extension keeps its {@link io.agentloop.core.registry.Origin}, and every call into a plugin's code
 * goes through {@link io.agentloop.core.registry.PluginCode}, which names the plugin when it fails.
 * The launcher and the Spring Boot starter fill the registries; agents are built from them.
 */
package io.agentloop.core.registry;
