/**
 * Conversations among participants: agents and people who join a {@link io.agentloop.api.hub.Hub},
 * take turns, and each observe what every other says, until they leave. The platform's core
 * implements the hub ({@code io.agentloop.core.hub.MessageHub}) and an agent's participant; a
 * plugin may bring participants of its own (a moderator, a transcript, a bridge to a chat room)
 * against this package alone.
 */
package io.agentloop.api.hub;
