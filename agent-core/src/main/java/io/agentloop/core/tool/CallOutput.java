package io.agentloop.core.tool;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.core.run.EventPublisher;
import java.util.function.UnaryOperator;

/**
 * The output a running call publishes before its result ({@code ToolContext.output}): each piece
 * masked as the result will be, then told to the run's listeners as a
 * {@link AgentEvent.ToolOutputDelta}. Once the call has settled it is closed, so a tool still
 * running after its timeout cannot show a piece after the call's completion. Nothing is made for a
 * run no one listens to.
 */
final class CallOutput {
    private final String callId;
    private final String toolName;
    private final EventPublisher events;
    private final UnaryOperator<String> mask;
    private boolean closed;

    CallOutput(String callId, String toolName, EventPublisher events, UnaryOperator<String> mask) {
        this.callId = callId;
        this.toolName = toolName;
        this.events = events;
        this.mask = mask;
    }

    /** Whether a piece reaches anyone. */
    boolean wanted() {
        return events.active();
    }

    /** Masks and publishes {@code text}, unless the call has ended or no one listens. */
    void publish(String text) {
        if (text == null || text.isEmpty() || !events.active()) {
            return;
        }
        String masked = mask.apply(text);
        synchronized (this) {
            // held while publishing: the call's completion waits for a piece on its way out
            if (!closed) {
                events.publish(new AgentEvent.ToolOutputDelta(callId, toolName, masked));
            }
        }
    }

    /** No piece is published after this returns. */
    synchronized void close() {
        closed = true;
    }
}
