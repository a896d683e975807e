package io.agentloop.server.backend;

import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.RunResult;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** A run a {@link RunBackend} started. */
public interface BackendRun {

    /** The session the run is saved in. */
    String session();

    /** Completes when the run ends, whatever the end (a failure is a result, not an exception). */
    CompletableFuture<RunResult> result();

    /** Asks the run to stop; it ends {@code CANCELLED}. Idempotent. */
    void cancel();

    /**
     * Where a person's decisions on this run's calls go when the run waits for them going on, as a
     * durable engine's run does (it waits inside its engine, each call announced by a
     * {@code ToolCallPending} event): the server then counts the run waiting from those events and
     * hands each decision here. Empty, the default, for a run that ends to wait: the server records
     * its decisions with {@link RunBackend#decide} and starts it again. The consumer may throw
     * {@link RequestException}.
     */
    default Optional<Consumer<CallDecision>> decisions() {
        return Optional.empty();
    }

    /** A run in {@code session} that ends with {@code result} and stops with {@code cancel}. */
    static BackendRun of(String session, CompletableFuture<RunResult> result, Runnable cancel) {
        return of(session, result, cancel, Optional.empty());
    }

    /** A run as {@link #of(String, CompletableFuture, Runnable)} that waits going on: decisions go to {@code decide}. */
    static BackendRun of(String session, CompletableFuture<RunResult> result, Runnable cancel,
                         Consumer<CallDecision> decide) {
        return of(session, result, cancel, Optional.of(decide));
    }

    private static BackendRun of(String session, CompletableFuture<RunResult> result, Runnable cancel,
                                 Optional<Consumer<CallDecision>> decide) {
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

            @Override
            public Optional<Consumer<CallDecision>> decisions() {
                return decide;
            }
        };
    }
}
