package io.agentloop.plugins.mcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a stdio server's process so that it, and everything it starts, ends with the launcher:
 * however the launcher ends (a normal exit, a crash, {@code SIGKILL}), and whatever the server's
 * children do to get away ({@code setsid}, a double fork, ignoring {@code SIGTERM}). Stopping the
 * server's own process is not enough: a child in a session of its own is no longer its descendant
 * once the server exits, and a killed launcher stops nothing.
 *
 * <p>Where bubblewrap works, the server runs in a PID namespace of its own
 * ({@code bwrap --unshare-pid --die-with-parent}) with the whole file system bound as it is and
 * the host's network: it sees and reaches what it would without it. When the namespace's first
 * process ends, the kernel kills every process left in it; bwrap dies with its parent. The parent
 * the kernel watches is the thread that started bwrap, not the process, so every server is
 * started from one platform thread that lives as long as the launcher (a pooled thread that ended
 * would take its servers with it). Without a working bubblewrap the server starts as before, and
 * only the stop on a normal exit holds ({@link McpServer#close()}).
 */
final class TetheredStart {
    private static final Logger log = LoggerFactory.getLogger(TetheredStart.class);
    /** bwrap from the system's own folders only: a PATH entry a command can write would run unconfined. */
    private static final List<String> SYSTEM_FOLDERS = List.of("/usr/bin", "/bin", "/usr/local/bin");
    private static final ExecutorService STARTER = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "mcp-server-start");
        thread.setDaemon(true);
        return thread;
    });
    private static volatile Optional<Path> bubblewrap;

    private TetheredStart() {
    }

    /** Starts {@code command} with exactly {@code environment}, tethered where bubblewrap works. */
    static Process start(List<String> command, Map<String, String> environment) throws IOException {
        List<String> tethered = tethered(command, bubblewrap(), Path.of("").toAbsolutePath());
        Future<Process> started = STARTER.submit(() -> {
            ProcessBuilder builder = new ProcessBuilder(tethered);
            builder.environment().clear();
            builder.environment().putAll(environment);
            return builder.start();
        });
        try {
            return started.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException("could not start " + command, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            started.cancel(true);
            throw new IOException("interrupted while starting " + command, e);
        }
    }

    /** {@code command} inside a PID namespace of its own under {@code bwrap}, or as it is without one. */
    static List<String> tethered(List<String> command, Optional<Path> bwrap, Path directory) {
        if (bwrap.isEmpty()) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(List.of(bwrap.get().toString(), "--dev-bind", "/", "/",
                "--proc", "/proc", "--unshare-pid", "--die-with-parent", "--chdir", directory.toString(), "--"));
        wrapped.addAll(command);
        return wrapped;
    }

    /** The bubblewrap that works here, found and tried once. */
    static Optional<Path> bubblewrap() {
        Optional<Path> found = bubblewrap;
        if (found == null) {
            found = SYSTEM_FOLDERS.stream().map(folder -> Path.of(folder, "bwrap")).filter(Files::isExecutable)
                    .findFirst().filter(TetheredStart::works);
            if (found.isEmpty()) {
                log.debug("MCP servers start without a PID namespace of their own (no working bwrap in {}): what "
                        + "they leave running may outlive a launcher that is killed", SYSTEM_FOLDERS);
            }
            bubblewrap = found;
        }
        return found;
    }

    /** Whether bwrap can make the namespace here (user namespaces may be off, as in some containers). */
    private static boolean works(Path bwrap) {
        try {
            Process trial = new ProcessBuilder(tethered(List.of("true"), Optional.of(bwrap), Path.of("/")))
                    .redirectErrorStream(true).start();
            trial.getOutputStream().close();
            trial.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            return trial.waitFor(30, TimeUnit.SECONDS) && trial.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
