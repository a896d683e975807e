package io.agentloop.api.event;

/**
 * Observes a run's events; cannot change anything.
 *
 * <h2>Contract</h2>
 * Called one event at a time, in order, possibly from different threads (tool events come from
 * the tools' threads). Must be quick and must not block: the run waits for it. An exception thrown
 * here is logged and dropped: a listener cannot break a run.
 *
 * <pre>{@code
 * AgentListener printer = event -> {
 *     if (event instanceof AgentEvent.TextDelta delta) System.out.print(delta.text());
 * };
 * }</pre>
 */
@FunctionalInterface
public interface AgentListener {
    void onEvent(AgentEvent event);
}
