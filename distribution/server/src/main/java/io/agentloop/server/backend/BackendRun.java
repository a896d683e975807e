package io.agentloop.server.backend;

import io.agentloop.api.run.RunResult;
import java.util.concurrent.CompletableFuture;

/** A run a {@link RunBackend} started. */
public interface BackendRun {

    /** The session the run is saved in. */
    String session();

    /** Completes when the run ends, whatever the end (a failure is a result, not an exception). */
    CompletableFuture<RunResult> result();

    /** Asks the run to stop; it ends {@code CANCELLED}. Idempotent. */
    void cancel();
}
