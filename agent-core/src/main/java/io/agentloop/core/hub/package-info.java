/**
 * The core's {@link io.agentloop.api.hub.Hub}: {@link io.agentloop.core.hub.MessageHub}, where
 * participants take turns and all observe one order of messages, and
 * {@link io.agentloop.core.hub.AgentParticipant}, an agent taking part with the conversation as it
 * has seen it for its memory. A program builds a hub here; the launcher's {@code agentloop hub}
 * does.
 */
package io.agentloop.core.hub;
