package io.agentloop.temporal;

import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.run.RunControl;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityCanceledException;
import io.temporal.client.ActivityCompletionException;
import java.time.Duration;

/**
 * Beats for a step while it runs, so Temporal tells a slow step from a lost one, and hears from
 * Temporal when the step is cancelled or its worker is stopping: the step's run control is then
 * stopped, which ends its model stream or its tool (and the tool's process).
 */
final class Heartbeat implements AutoCloseable {
    private final Thread beating;
    private volatile ActivityCompletionException stopped;

    private Heartbeat(ActivityExecutionContext context, Duration every, RunControl control) {
        this.beating = Thread.ofVirtual().name("agentloop-heartbeat").start(() -> {
            while (true) {
                try {
                    Thread.sleep(every); // a beat's period, not a wait for something: the step's end interrupts it
                    context.heartbeat(null);
                } catch (InterruptedException e) {
                    return; // the step ended
                } catch (ActivityCompletionException e) {
                    stopped = e;
                    control.abort(TerminalReason.CANCELLED, e instanceof ActivityCanceledException
                            ? "the run was cancelled" : "the worker is stopping: " + e.getMessage());
                    return;
                }
            }
        });
    }

    /** Starts beating at a third of the heartbeat timeout. */
    static Heartbeat start(ActivityExecutionContext context, DurableOptions options, RunControl control) {
        return new Heartbeat(context, options.heartbeat().dividedBy(3), control);
    }

    /** Throws what Temporal said when it stopped the step: the step is then reported cancelled or failed, not done. */
    void throwIfStopped() {
        ActivityCompletionException e = stopped;
        if (e != null) {
            throw e;
        }
    }

    @Override
    public void close() {
        beating.interrupt();
    }
}
