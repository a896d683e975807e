package io.agentloop.server.run;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The listener of a run followed again after a restart of the server: a durable engine tells a new
 * follower the run's events from its first, and the run's log holds those it heard before the
 * restart, so as many as the log holds are passed over and the rest go on to {@code next}. A client
 * reading the log from any {@code Last-Event-ID} so gets each event once.
 */
final class HeardBefore implements AgentListener {
    private final AtomicLong left;
    private final AgentListener next;

    HeardBefore(long heard, AgentListener next) {
        this.left = new AtomicLong(heard);
        this.next = next;
    }

    @Override
    public void onEvent(AgentEvent event) {
        if (left.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
            next.onEvent(event);
        }
    }
}
