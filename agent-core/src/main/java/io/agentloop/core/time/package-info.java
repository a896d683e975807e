/**
 * Time as the loop sees it: a {@link io.agentloop.core.time.Timekeeper} (a monotonic clock,
 * cancellable waits and timers) injected so that tests drive time by hand
 * ({@link io.agentloop.core.time.ManualTimekeeper}) and never sleep, and the timers that stop
 * counting while a person decides on a tool call. The real one is
 * {@link io.agentloop.core.time.SystemTimekeeper}; the Temporal module gives its own.
 */
package io.agentloop.core.time;
