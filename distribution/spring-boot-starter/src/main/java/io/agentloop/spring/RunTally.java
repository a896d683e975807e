package io.agentloop.spring;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Counts the agent's runs as they end and keeps how the latest one ended, for the health
 * indicator. Sub-agents' runs are not counted: their parent run's outcome covers them.
 */
public final class RunTally implements AgentListener {
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicReference<Optional<String>> latestFailure = new AtomicReference<>(Optional.empty());

    @Override
    public void onEvent(AgentEvent event) {
        if (event instanceof AgentEvent.RunCompleted(RunResult result)) {
            if (result.state() == AgentState.FAILED) {
                failed.incrementAndGet();
                latestFailure.set(Optional.of(result.error().map(Throwable::getMessage).orElse("the run failed")));
            } else {
                completed.incrementAndGet();
                latestFailure.set(Optional.empty());
            }
        }
    }

    /** Runs that ended with a result ({@code COMPLETED}, whatever the reason). */
    public long completed() {
        return completed.get();
    }

    /** Runs that failed (the model could not be reached, a provider error after its retries...). */
    public long failed() {
        return failed.get();
    }

    /** What failed the latest run, when the latest run failed. */
    public Optional<String> latestFailure() {
        return latestFailure.get();
    }
}
