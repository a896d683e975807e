package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Waits for what a test cannot be told about directly (a line in a file, a process appearing or
 * ending), with a deadline of minutes: a loaded machine makes the launcher slow, and only a launcher
 * that is really stuck may fail the test. The condition is checked every few milliseconds, pausing
 * between checks, so the waiting test leaves the processor to the launcher it waits for.
 */
final class Await {
    static final Duration LIMIT = Duration.ofMinutes(5);
    private static final long PAUSE_MILLIS = 20;

    private Await() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} and {@code detail} at the deadline. */
    static void until(String what, Callable<Boolean> condition, Callable<String> detail) throws Exception {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                fail("waited " + LIMIT.toMinutes() + " minutes for " + what + ": " + detail.call());
            }
            TimeUnit.MILLISECONDS.sleep(PAUSE_MILLIS);
        }
    }

    /**
     * Waits for the process to end; a launcher still running at the deadline is stuck, and the
     * failure shows where: its threads (from {@code jcmd Thread.print}) before it is killed.
     */
    static void exit(Process process, String what) throws Exception {
        if (process.waitFor(LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            return;
        }
        String threads = threads(process.pid());
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        fail(what + ": still running after " + LIMIT.toMinutes() + " minutes; its threads:\n" + threads);
    }

    private static String threads(long pid) {
        try {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(pid), "Thread.print").redirectErrorStream(true).start();
            String dump = new String(jcmd.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            jcmd.waitFor(1, TimeUnit.MINUTES);
            return dump;
        } catch (Exception e) {
            return "(no thread dump: " + e + ")";
        }
    }
}
