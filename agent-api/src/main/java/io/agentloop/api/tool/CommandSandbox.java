package io.agentloop.api.tool;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where tools start processes. Every process a tool starts for the model (a shell command, a
 * compiler, a script) goes through the run's sandbox, which the operating system enforces: on
 * Linux, bubblewrap makes the file system read-only except the workspace, its extra directories
 * and a private {@code /tmp}, masks secret files, hides the launcher's processes and environment,
 * cuts the network unless it is enabled, and kills the whole process tree, {@code setsid}
 * children included, when the call ends. Rules and parsers are conveniences on top of it; this is
 * the boundary. Plugins that start processes should use it too.
 *
 * <p>Thread-safe. Obtained from {@link Workspace#sandbox()}.
 *
 * <pre>{@code
 * try (SandboxedProcess process = context.workspace().sandbox()
 *         .start(List.of("make", "test"), context.workspace().root(), Map.of())) {
 *     String output = new String(process.process().getInputStream().readAllBytes());
 *     int exit = process.process().waitFor();
 * }
 * }</pre>
 */
public interface CommandSandbox {

    /** How commands are contained. */
    enum Containment {
        /** The operating system confines every command (bubblewrap, Seatbelt). */
        CONTAINED,
        /** No sandbox could be found: commands run as the user, unconfined. Commands then always ask. */
        UNAVAILABLE,
        /** The user turned the sandbox off on purpose (and was warned): commands run unconfined. */
        DISABLED
    }

    /**
     * Starts {@code command} (a program and its arguments, no shell unless the command is one) in
     * {@code directory} with the sandbox's environment: a cleared one plus an allow-list, with
     * {@code environment} added on top. Standard output and error are merged; the caller reads the
     * output and closes the input.
     *
     * @param directory a folder inside the workspace or its extra directories
     * @throws IOException when the process (or the sandbox around it) cannot be started; the
     *                     message says what is missing and what to do
     */
    SandboxedProcess start(List<String> command, Path directory, Map<String, String> environment) throws IOException;

    /** How commands started here are contained. Never null. */
    Containment containment();

    /**
     * One line for people: what contains commands and what it allows, or why nothing does
     * ({@code "bubblewrap: writes only in /home/me/project, network off"}). Never null.
     */
    String description();
}
