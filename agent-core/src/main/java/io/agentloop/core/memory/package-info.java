/**
 * The built-in short-term {@link io.agentloop.api.memory.Memory}, {@code in-memory}, which keeps and
 * sends every message of a run: every agent's default, registered through the module's
 * {@code provides}. Other memories come from plugins; long-term memory is the hooks module's.
 */
package io.agentloop.core.memory;
