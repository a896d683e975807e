package io.agentloop.api.tool;

import io.agentloop.api.CancellationSignal;

/**
 * What a running tool call may see of the run: its ids, the run's cancellation, and a way to
 * report progress. Handed in by the platform; implemented by the core (and by test fakes).
 */
public interface ToolContext {

    /** The id of the call being executed. Never null. */
    String callId();

    /** The id of the run. Never null. */
    String runId();

    /**
     * Cancelled when the run is cancelled or this call timed out. The tool's thread is also
     * interrupted then.
     */
    CancellationSignal cancellation();

    /**
     * Reports progress of a long call (shown to the user, not sent to the model). Thread-safe;
     * cheap enough to call often.
     */
    void progress(String message);
}
