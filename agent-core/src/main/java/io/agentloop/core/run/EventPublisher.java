package io.agentloop.core.run;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.core.registry.PluginCode;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers a run's events to its listeners, one event at a time and in order, whatever thread
 * publishes. The only place that swallows exceptions: a listener cannot break a run, so what it
 * throws is logged and dropped.
 */
public final class EventPublisher {
    private static final Logger log = LoggerFactory.getLogger(EventPublisher.class);

    private final List<AgentListener> listeners;

    public EventPublisher(List<AgentListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    /** Whether anyone listens; lets hot paths skip building events nobody reads. */
    public boolean active() {
        return !listeners.isEmpty();
    }

    public void publish(AgentEvent event) {
        if (listeners.isEmpty()) {
            return;
        }
        synchronized (this) {
            for (AgentListener listener : listeners) {
                try {
                    PluginCode.run(listener, () -> listener.onEvent(event));
                } catch (RuntimeException | LinkageError e) {
                    log.warn("listener {} threw on {}; ignored (listeners cannot affect a run)",
                            listener.getClass().getName(), event.getClass().getSimpleName(), e);
                }
            }
        }
    }
}
