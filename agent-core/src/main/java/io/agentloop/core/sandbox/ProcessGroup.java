package io.agentloop.core.sandbox;

import java.io.IOException;
import java.util.ArrayList;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Process-tree control where no sandbox holds the tree: the command starts as the leader of a new
 * session and process group (through {@code setsid} where the system has it), and killing it kills
 * the group and every descendant the JVM can still see. A child that started a session of its own
 * and whose parent has exited escapes both; only a PID namespace (the bubblewrap sandbox) catches
 * it.
 */
final class ProcessGroup {
    private static final Optional<Path> SETSID = Executables.find("setsid");

    private ProcessGroup() {
    }

    /** The command line that starts {@code command} as a process group leader. */
    static List<String> leading(List<String> command) {
        return SETSID.map(setsid -> {
            List<String> line = new ArrayList<>(command.size() + 1);
            line.add(setsid.toString());
            line.addAll(command);
            return List.copyOf(line);
        }).orElse(command);
    }

    /**
     * Kills the process's group and descendants, then the process if it still runs (destroying an
     * exited one would close its output before the last bytes are read). Safe to call more than once.
     */
    static void kill(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        if (SETSID.isPresent()) {
            // Also once the leader has exited: its group lives on under the same id while a member does.
            signalGroup(process.pid());
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }

    private static void signalGroup(long leader) {
        try {
            new ProcessBuilder("kill", "-KILL", "--", "-" + leader).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            // The descendants' handles are killed one by one instead.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
