package io.agentloop.core.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Starts every sandboxed process from one thread that lives as long as the JVM. Linux sends a
 * process's "parent death" signal (bubblewrap's {@code --die-with-parent}, which takes the sandbox
 * down with the launcher, also on {@code kill -9}) when the <em>thread</em> that started it ends,
 * not the process: a command started from a tool's thread, or from a virtual thread whose carrier
 * retires, would be killed mid-run.
 */
final class ProcessSpawner {
    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "agentloop-process-spawner");
        thread.setDaemon(true);
        return thread;
    });

    private ProcessSpawner() {
    }

    /**
     * Starts {@code command} in {@code directory} (null: the launcher's) with exactly the given
     * environment, output and errors merged, on the spawner thread.
     */
    static Process start(List<String> command, Path directory, Map<String, String> environment,
                         Map<String, String> extra) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        builder.environment().clear();
        builder.environment().putAll(environment);
        builder.environment().putAll(extra);
        try {
            return start(builder);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting " + command.get(0));
        }
    }

    /**
     * Starts the process on the spawner thread and waits for it. An interrupted caller does not
     * leave a process behind: one that starts anyway is destroyed at once.
     */
    private static Process start(ProcessBuilder builder) throws IOException, InterruptedException {
        CompletableFuture<Process> started = CompletableFuture.supplyAsync(() -> {
            try {
                return builder.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, THREAD);
        try {
            return started.get();
        } catch (InterruptedException e) {
            started.thenAccept(Process::destroyForcibly);
            throw e;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw new IOException("could not start " + builder.command().get(0) + ": " + e.getCause(), e.getCause());
        }
    }
}
