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

    /** A run in {@code session} that ends with {@code result} and stops with {@code cancel}. */
    static BackendRun of(String session, CompletableFuture<RunResult> result, Runnable cancel) {
        return new BackendRun() {
            @Override
            public String session() {
                return session;
            }

            @Override
            public CompletableFuture<RunResult> result() {
                return result;
            }

            @Override
            public void cancel() {
                cancel.run();
            }
        };
    }
}
