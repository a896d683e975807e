package io.agentloop.temporal;

import io.agentloop.api.CancellationSignal;
import io.agentloop.core.time.Timekeeper;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;

/**
 * The clock of a run's decisions inside its workflow: Temporal's, which a replay reads back from the
 * history, so the same history gives the same durations and times.
 */
final class WorkflowTime implements Timekeeper {

    @Override
    public long nanoTime() {
        return Workflow.currentTimeMillis() * 1_000_000L;
    }

    @Override
    public Instant now() {
        return Instant.ofEpochMilli(Workflow.currentTimeMillis());
    }

    @Override
    public boolean sleep(Duration duration, CancellationSignal cancellation) {
        Workflow.sleep(duration);
        return true;
    }

    @Override
    public Scheduled schedule(Duration delay, Runnable task) {
        throw new UnsupportedOperationException("a run's decisions schedule no timer of their own: its deadlines are "
                + "the activities' timeouts");
    }
}
