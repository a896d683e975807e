package io.agentloop.core;

import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.run.RunControl;
import java.util.concurrent.CompletableFuture;

/**
 * A run in progress, started with {@link Agent#start}. Cancel it from any thread; the run then
 * stops its model call and tools and ends {@code COMPLETED/CANCELLED} with its messages so far.
 * Its events go to the listener given in its {@link RunRequest}, each with this handle's
 * {@link #runId()} and {@link #agentId()}.
 */
public final class RunHandle {
    private final String runId;
    private final String agentId;
    private final RunControl control;
    private final CompletableFuture<RunResult> result;

    RunHandle(String runId, String agentId, RunControl control, CompletableFuture<RunResult> result) {
        this.runId = runId;
        this.agentId = agentId;
        this.control = control;
        this.result = result;
    }

    public String runId() {
        return runId;
    }

    /** The agent running it ({@link Agent#id()}). */
    public String agentId() {
        return agentId;
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
