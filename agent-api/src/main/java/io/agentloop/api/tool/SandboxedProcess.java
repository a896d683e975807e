package io.agentloop.api.tool;

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

    /** Kills whatever of the command is still running (its background children too). */
    @Override
    default void close() {
        kill();
    }
}
