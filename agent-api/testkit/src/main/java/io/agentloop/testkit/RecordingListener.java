package io.agentloop.testkit;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps every event of a run, for assertions.
 *
 * <pre>{@code
 * RecordingListener events = new RecordingListener();
 * // ... run an agent with listeners(events) ...
 * assertThat(events.transitions()).containsExactly("INIT>PLANNING", "PLANNING>EXECUTING", ...);
 * }</pre>
 */
public final class RecordingListener implements AgentListener {
    private final List<AgentEvent> events = new ArrayList<>();

    @Override
    public synchronized void onEvent(AgentEvent event) {
        events.add(event);
    }

    public synchronized List<AgentEvent> events() {
        return List.copyOf(events);
    }

    /** The events of one type, in order. */
    public synchronized <E extends AgentEvent> List<E> ofType(Class<E> type) {
        List<E> out = new ArrayList<>();
        for (AgentEvent event : events) {
            if (type.isInstance(event)) {
                out.add(type.cast(event));
            }
        }
        return out;
    }

    /** Every state change of both machines, in order, as {@code "FROM>TO"}. */
    public List<String> transitions() {
        List<String> out = new ArrayList<>();
        for (AgentEvent.StateChanged change : ofType(AgentEvent.StateChanged.class)) {
            out.add(change.from() + ">" + change.to());
        }
        return out;
    }

    /** The shown answer text, all deltas joined. */
    public String text() {
        StringBuilder out = new StringBuilder();
        ofType(AgentEvent.TextDelta.class).forEach(d -> out.append(d.text()));
        return out.toString();
    }
}
