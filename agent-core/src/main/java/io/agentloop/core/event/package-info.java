/**
 * The JSON form of every {@link io.agentloop.api.event.AgentEvent}: what {@code agentloop run --json}
 * prints one a line and {@code agentloop serve} streams as Server-Sent Events, in one place so that
 * both, and the Temporal engine's workflow as it hands events on, write the same fields
 * (docs/launcher.md lists them). Used by the launcher, the server and the Temporal engine; the core's runs do not need it.
 */
package io.agentloop.core.event;
