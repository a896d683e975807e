package io.agentloop.core.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a command sandbox lets commands do.
 *
 * @param writable    the folders commands may change (the workspace root and its extra directories),
 *                    canonical; everything else is read-only, and {@code /tmp} is private to each command
 * @param readOnly    folders commands must not change although they may lie inside the writable ones:
 *                    what runs or is read later outside the sandbox (the installation running them,
 *                    skill and plugin folders)
 * @param homes       the user's home folders, whose credential files are hidden (looked up at each start)
 * @param hidden      more files and folders commands must not read (the platform's configuration)
 * @param environment the whole environment commands get (the sandbox clears the rest)
 * @param network     whether commands may use the network
 * @param enclosing   folders of which commands see only the writable folders inside: the rest is
 *                    hidden (a server's workspace root, whose other folders are other runs')
 */
public record SandboxSettings(List<Path> writable, List<Path> readOnly, List<Path> homes, List<Path> hidden,
                              Map<String, String> environment, boolean network, List<Path> enclosing) {
    public SandboxSettings {
        writable = List.copyOf(writable);
        readOnly = List.copyOf(readOnly);
        homes = List.copyOf(homes);
        hidden = List.copyOf(hidden);
        environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
        enclosing = List.copyOf(enclosing);
        if (writable.isEmpty()) {
            throw new IllegalArgumentException("a sandbox needs at least one writable folder (the workspace root)");
        }
    }

    /** No enclosing folder. */
    public SandboxSettings(List<Path> writable, List<Path> readOnly, List<Path> homes, List<Path> hidden,
                           Map<String, String> environment, boolean network) {
        this(writable, readOnly, homes, hidden, environment, network, List.of());
    }

    /** Settings with only writable folders and an environment (tests, programs with no home to protect). */
    public static SandboxSettings of(List<Path> writable, Map<String, String> environment, boolean network) {
        return new SandboxSettings(writable, List.of(), List.of(), List.of(), environment, network);
    }
}
