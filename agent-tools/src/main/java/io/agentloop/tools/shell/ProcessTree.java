package io.agentloop.tools.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a shell command as the leader of its own process group (through {@code setsid} where the
 * system has it) and kills the whole group, and every descendant the JVM can still see, at once.
 * Killing only the shell would leave its children running, holding files and output pipes.
 */
final class ProcessTree {
    private static final Path SETSID = findSetsid();

    private ProcessTree() {
    }

    static List<String> commandLine(String shell, String command) {
        List<String> line = new ArrayList<>();
        if (SETSID != null) {
            line.add(SETSID.toString());
        }
        line.add(shell);
        line.add("-c");
        line.add(command);
        return line;
    }

    /** Kills the process, its group and its descendants. Safe to call more than once. */
    static void kill(Process process) {
        killOthers(process);
        process.destroyForcibly();
    }

    /**
     * Kills what the process started (its group and descendants) but not the process object itself,
     * whose output stream would be closed with it: used once the shell has exited, so its output
     * can still be read to the end.
     */
    static void killOthers(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        if (SETSID != null) {
            try {
                new ProcessBuilder("kill", "-KILL", "--", "-" + process.pid()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
            } catch (IOException e) {
                // Fall back on the handles below.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    private static Path findSetsid() {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/local/bin")) {
            Path candidate = Path.of(dir, "setsid");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
