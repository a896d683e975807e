package io.agentloop.core.workspace;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The files of {@link ExecutableConfig}'s list one run changed and kept, in the order first changed,
 * for the end of the run ({@code RunResult.executableConfig()}). The run's tool calls add to it from
 * their own threads.
 */
public final class ExecutableConfigChanges {
    private final Set<String> paths = new LinkedHashSet<>();

    /** A call changed this file ({@link ExecutableConfig.Listed#path()}) and the change stands. */
    public synchronized void add(String path) {
        paths.add(path);
    }

    /** What the run changed so far. */
    public synchronized List<String> paths() {
        return List.copyOf(paths);
    }
}
