package io.agentloop.api.event;

import java.util.Objects;
import java.util.function.Consumer;

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

    /**
     * The event with the ids of its agent and run; this is what the platform calls. The default
     * passes the event alone to {@link #onEvent(AgentEvent)}: override this one to tell runs apart.
     */
    default void onRunEvent(RunEvent event) {
        onEvent(event.event());
    }

    /**
     * A listener that reads every event with its ids.
     *
     * <pre>{@code
     * AgentListener byRun = AgentListener.ofRunEvents(e -> log.info("{} {} {}", e.agentId(), e.runId(), e.event()));
     * }</pre>
     */
    static AgentListener ofRunEvents(Consumer<RunEvent> listener) {
        Objects.requireNonNull(listener, "listener");
        return new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                // Only called directly by code that has no ids to give; the platform calls onRunEvent.
                listener.accept(new RunEvent("", "", event));
            }

            @Override
            public void onRunEvent(RunEvent event) {
                listener.accept(event);
            }
        };
    }
}
