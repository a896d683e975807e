package io.agentloop.launcher;

import io.agentloop.core.Agent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agents of {@code agentloop worker}, in the workspace a run's client gave: the worker's own
 * ({@code workspace.root}, its working folder by default), or a folder within its bounds: inside its
 * own workspace, or inside the served runs' workspaces ({@code server.workspaces}) of the same
 * configuration. A run elsewhere is refused, saying where the worker may work. An agent for another
 * workspace is set up on the first call there, and closed with the worker.
 */
final class RunWorkspaces implements AutoCloseable {
    private final Platform platform;
    private final LauncherConfig config;
    private final Map<String, AgentSetup> own;
    private final Map<List<Object>, AgentSetup> elsewhere = new ConcurrentHashMap<>();
    private final Path root;
    private final Path served;

    /** @param own the worker's agents by name, set up in its own workspace */
    RunWorkspaces(Platform platform, LauncherConfig config, Map<String, AgentSetup> own) {
        this.platform = platform;
        this.config = config;
        this.own = own;
        this.root = WorkspaceSetup.workspaceRoot(config);
        this.served = ServeCommand.workspacesFolder(config);
    }

    /**
     * The agent of this name, working in {@code workspace} (empty: the worker's own).
     *
     * @throws IllegalArgumentException when the worker has no such agent, or may not work there
     */
    Agent agent(String name, Optional<Path> workspace) {
        AgentSetup setup = own.get(name);
        if (setup == null) {
            throw new IllegalArgumentException("this worker has no agent named '" + name + "'; it has "
                    + own.keySet() + " (the same configuration on every worker of a task queue)");
        }
        Path folder = workspace.map(path -> path.toAbsolutePath().normalize()).orElse(root);
        if (folder.equals(root)) {
            return setup.agent();
        }
        if (!folder.startsWith(root) && !folder.startsWith(served)) {
            throw new IllegalArgumentException("the run's workspace " + folder + " is outside what this worker works in ("
                    + root + ", and served runs' workspaces in " + served + "): start the worker with workspace.root "
                    + "set to a folder that holds it");
        }
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException("the run's workspace " + folder + " is no folder on this worker: run "
                    + "its steps on a worker where it is (agentloop worker --role steps)");
        }
        return elsewhere.computeIfAbsent(List.of(name, folder), key -> AgentSetup.of(platform,
                config.with(LauncherBackend.profile(platform, config, name), "agent " + name)
                        .with(Map.of("workspace.root", folder.toString()), "the run's workspace"),
                AgentSetup.Source.CONFIGURED, event -> { }, Optional.empty(), Optional::empty, false)).agent();
    }

    @Override
    public void close() {
        elsewhere.values().forEach(AgentSetup::close);
    }
}
