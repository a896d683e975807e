package io.agentloop.core;

import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.run.RunControl;
import java.util.concurrent.CompletableFuture;

/**
 * A run in progress, started with {@link Agent#start}. Cancel it from any thread; the run then
 * stops its model call and tools and ends {@code COMPLETED/CANCELLED} with its messages so far.
 */
public final class RunHandle {
    private final String runId;
    private final RunControl control;
    private final CompletableFuture<RunResult> result;

    RunHandle(String runId, RunControl control, CompletableFuture<RunResult> result) {
        this.runId = runId;
        this.control = control;
        this.result = result;
    }

    public String runId() {
        return runId;
    }

    /** Cancels the run. Idempotent; has no effect once the run ended. */
    public void cancel() {
        control.abort(TerminalReason.CANCELLED, "cancelled by the caller");
    }

    /** Waits for the run to end. */
    public RunResult await() {
        return result.join();
    }

    /** The result, for composing with other asynchronous work. */
    public CompletableFuture<RunResult> result() {
        return result;
    }
}
