package io.agentloop.api.tool;

import java.util.List;

/**
 * A process started by a {@link CommandSandbox}, with the means to end everything it started.
 * {@link #close()} kills what is still running of it, so use it in try-with-resources.
 */
public interface SandboxedProcess extends AutoCloseable {

    /**
     * The process to read the output of, wait for and take the exit code of. Its exit code is the
     * command's. Do not destroy it directly: {@link #kill()} ends its children as well.
     */
    Process process();

    /**
     * Kills the command and every process it started, also those that left its process group or
     * session ({@code setsid}, {@code nohup ... &}). Safe to call more than once and from any thread.
     */
    void kill();

    /**
     * Kills whatever of the command is still running, waits until it has all ended, then checks what
     * it left behind that would take effect outside the sandbox later, and undoes it (a git repository
     * or hook the command made is put out of action). Returns one sentence for each thing undone, to
     * pass on to whoever ran the command (the model: it can ask the user instead); empty when there
     * was nothing. Safe to call more than once: later calls return the same sentences. Never null.
     */
    default List<String> finish() {
        kill();
        return List.of();
    }

    /** {@link #finish() Finishes} the command: whatever of it still runs is killed, what it left is checked. */
    @Override
    default void close() {
        finish();
    }
}
