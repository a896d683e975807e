/**
 * What a run tells the world as it goes: the closed set of {@link io.agentloop.api.event.AgentEvent}s
 * (the run's start and end, its state changes, text and reasoning as they stream, tool calls and
 * their progress, retries, compaction, decisions, usage, a plan's steps, a sub-agent's events) and
 * the {@link io.agentloop.api.event.AgentListener}s that observe them, one at a time and in order,
 * without changing anything. The core publishes every event. A listener is implemented by a program
 * that shows or records runs (the launcher's terminal and JSON output, the server's event streams),
 * by the hooks module (its trace writer and usage meter), by a plugin (the {@code otel} plugin's
 * spans), or by a test. A listener shared by concurrent runs tells them apart by
 * {@link io.agentloop.api.event.RunEvent}. To change a run's values, write a hook instead
 * ({@code io.agentloop.api.hook}).
 */
package io.agentloop.api.event;
