package io.agentloop.core.run;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.event.RunEvent;
import io.agentloop.core.registry.PluginCode;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers a run's events to its listeners, one event at a time and in order, whatever thread
 * publishes, each with the ids of the agent and the run ({@link RunEvent}). The only place that
 * swallows exceptions: a listener cannot break a run, so what it throws is logged and dropped.
 */
public final class EventPublisher {
    private static final Logger log = LoggerFactory.getLogger(EventPublisher.class);

    private final String agentId;
    private final String runId;
    private final List<AgentListener> listeners;

    /**
     * @param agentId   the agent running ({@code Agent.id()})
     * @param runId     the run the events are of
     * @param listeners the agent's listeners, then the run's own
     */
    public EventPublisher(String agentId, String runId, List<AgentListener> listeners) {
        this.agentId = Objects.requireNonNull(agentId, "agentId");
        this.runId = Objects.requireNonNull(runId, "runId");
        this.listeners = List.copyOf(listeners);
    }

    /** The run the events are of. */
    public String runId() {
        return runId;
    }

    /** Whether anyone listens; lets hot paths skip building events nobody reads. */
    public boolean active() {
        return !listeners.isEmpty();
    }

    public void publish(AgentEvent event) {
        if (listeners.isEmpty()) {
            return; // nothing is made for a run no one listens to
        }
        RunEvent located = new RunEvent(agentId, runId, event);
        synchronized (this) {
            for (AgentListener listener : listeners) {
                try {
                    PluginCode.run(listener, () -> listener.onRunEvent(located));
                } catch (RuntimeException | LinkageError e) {
                    log.warn("listener {} threw on {}; ignored (listeners cannot affect a run)",
                            listener.getClass().getName(), event.getClass().getSimpleName(), e);
                }
            }
        }
    }
}
