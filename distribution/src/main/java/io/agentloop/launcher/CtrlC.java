package io.agentloop.launcher;

import io.agentloop.core.RunHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C during {@code agentloop run}: SIGINT makes the JVM end, running its shutdown hooks and
 * then halting, so this hook cancels the run and holds the JVM until the run has ended (and so
 * written its result and checkpoint), for at most {@link #GRACE_SECONDS}. It is installed before
 * the run starts: a Ctrl-C that arrives as the run is starting still finds the run, once it is
 * given, instead of finding no hook yet (the run then left running while the JVM halts).
 */
final class CtrlC implements AutoCloseable {
    /** How long a Ctrl-C waits for the run to end; a tool that ignores its stop is left behind. */
    static final long GRACE_SECONDS = 5;

    /** How to stop the run, and its end. */
    private record Stoppable(Runnable cancel, CompletableFuture<?> ended) {
    }

    private final CompletableFuture<Stoppable> run = new CompletableFuture<>();
    private final Thread hook = new Thread(this::stopTheRun, "agentloop-ctrl-c");
    private final boolean ending;

    private CtrlC() {
        boolean installed;
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            installed = true;
        } catch (IllegalStateException shuttingDown) {
            installed = false; // Ctrl-C came first: the JVM is ending already
        }
        ending = !installed;
    }

    /** Installs the hook; check {@link #jvmEnding()} before starting the run. */
    static CtrlC install() {
        return new CtrlC();
    }

    /** Whether the JVM was already ending (Ctrl-C during start-up): start no run, it would be cut off. */
    boolean jvmEnding() {
        return ending;
    }

    /** The run a Ctrl-C stops, given as soon as it has started. */
    void stops(RunHandle handle) {
        run.complete(new Stoppable(handle::cancel, handle.result()));
    }

    /** A run elsewhere (a durable engine's): Ctrl-C cancels it there and waits for its end, as for a run here. */
    void stops(Runnable cancel, CompletableFuture<?> ended) {
        run.complete(new Stoppable(cancel, ended));
    }

    private void stopTheRun() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
        try {
            Stoppable stoppable = run.get(GRACE_SECONDS, TimeUnit.SECONDS);
            stoppable.cancel().run();
            stoppable.ended().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (Exception notInTime) {
            // the JVM ends anyway: what the run had written stays
        }
    }

    /** The run is over: a later Ctrl-C has nothing to stop. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is running
        }
    }
}
