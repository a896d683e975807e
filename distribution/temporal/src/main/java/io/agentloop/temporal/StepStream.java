package io.agentloop.temporal;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.core.event.EventJson;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ArrayNode;

/**
 * A step's events on their way to its run's workflow while the step runs, so whoever follows the
 * run sees a model's text as it streams rather than once the step is done: the first event at once,
 * then what came meanwhile at most every {@link #PERIOD}, each batch one signal ({@code stream},
 * streamed text joined into one event per stretch, as {@link WorkerSteps#add} does). Once a batch
 * could not be sent, or the step was stopped (a worker that lost the step must not add to the run's
 * stream), nothing more is sent: the rest goes back with the step's outcome ({@link #unsent()}), so
 * every event reaches the run once, in order.
 */
final class StepStream implements AgentListener, AutoCloseable {
    /** How often a batch goes out while events keep coming: well within the half second a reader may wait. */
    static final Duration PERIOD = Duration.ofMillis(150);
    private static final Logger log = LoggerFactory.getLogger(StepStream.class);

    private final Consumer<String> send;
    private final BooleanSupplier stopped;
    private final ArrayNode pending = Wire.JSON.createArrayNode();
    private final ArrayNode unsent = Wire.JSON.createArrayNode();
    private final Thread sending;
    private boolean closed;
    private boolean streaming = true;

    /**
     * @param send    sends one batch (a JSON array of events) to the run; throws when it could not
     * @param stopped whether the step was stopped (cancelled, or given up on by Temporal)
     */
    StepStream(Consumer<String> send, BooleanSupplier stopped) {
        this.send = send;
        this.stopped = stopped;
        this.sending = Thread.ofVirtual().name("agentloop-step-stream").start(this::sendWhileOpen);
    }

    @Override
    public void onEvent(AgentEvent event) {
        synchronized (this) {
            WorkerSteps.add(streaming ? pending : unsent, EventJson.describe(event));
            notifyAll();
        }
    }

    private void sendWhileOpen() {
        while (true) {
            synchronized (this) {
                try {
                    while (pending.isEmpty() && !closed) {
                        wait();
                    }
                } catch (InterruptedException e) {
                    return;
                }
                if (closed) {
                    return; // close() sends what is left
                }
            }
            flush();
            synchronized (this) {
                try {
                    wait(PERIOD.toMillis()); // gathers what comes meanwhile into the next batch; close() ends it
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Sends what is pending, or keeps it for the outcome when streaming stopped. */
    private void flush() {
        ArrayNode batch;
        synchronized (this) {
            if (pending.isEmpty()) {
                return;
            }
            batch = pending.deepCopy();
            pending.removeAll();
            if (!streaming || stopped.getAsBoolean()) {
                streaming = false;
                unsent.addAll(batch);
                return;
            }
        }
        try {
            send.accept(batch.toString());
        } catch (RuntimeException e) {
            log.warn("the events of a step could not be streamed to its run ({}); they go with its outcome",
                    e.toString());
            synchronized (this) {
                streaming = false; // what came during the send is still pending: it follows the batch
                unsent.addAll(batch);
                unsent.addAll(pending);
                pending.removeAll();
            }
        }
    }

    /** The events that were not streamed, in order: they go with the step's outcome. Call after {@link #close}. */
    synchronized ArrayNode unsent() {
        return unsent;
    }

    /** Sends what is left (the step's last events), after the batch under way. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try {
            sending.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
    }
}
