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
 * @param hidden      files and folders commands must not read (the user's key folders, the platform's
 *                    configuration); secret files inside the writable folders are found at each start
 * @param environment the whole environment commands get (the sandbox clears the rest)
 * @param network     whether commands may use the network
 */
public record SandboxSettings(List<Path> writable, List<Path> hidden, Map<String, String> environment,
                              boolean network) {
    public SandboxSettings {
        writable = List.copyOf(writable);
        hidden = List.copyOf(hidden);
        environment = Map.copyOf(environment);
        if (writable.isEmpty()) {
            throw new IllegalArgumentException("a sandbox needs at least one writable folder (the workspace root)");
        }
        Objects.requireNonNull(environment, "environment");
    }
}
