package io.agentloop.launcher;

import io.agentloop.api.tool.Workspace;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.core.workspace.SandboxWorkspace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The folder the launcher's agents work in, from the configuration, and what in and around it their
 * tools and commands may not touch: the launcher's own files about the user's runs, wherever they
 * were put.
 */
final class WorkspaceSetup {
    private WorkspaceSetup() {
    }

    /**
     * The workspace ({@code workspace.*}) and its command sandbox ({@code sandbox.enabled},
     * {@code sandbox.network}, {@code sandbox.program}). Protected like the user's configuration
     * folder (no tool reads them, no command sees them), wherever they were moved: the installation's
     * configuration, the user's (the file {@code AGENTLOOP_CONFIG} names, or the folder under
     * {@code $XDG_CONFIG_HOME}), the sessions, the long-term memory, the audit log and the trace.
     * Read-only for commands: the installation, and the skill and plugin folders a later run loads.
     */
    static Workspace workspace(LauncherConfig config, Path installation) {
        Path root = workspaceRoot(config);
        try {
            SandboxWorkspace.Builder builder = SandboxWorkspace.builder(root)
                    .environmentAllowlist(Set.copyOf(config.list("workspace.env-allow")))
                    .sandboxEnabled(AgentSetup.flag(config, "sandbox.enabled", true))
                    .network(AgentSetup.flag(config, "sandbox.network", false))
                    .protectedDirectory(installation.resolve("conf"))
                    .readOnlyDirectory(installation);
            config.get("sandbox.program").ifPresent(program -> builder.sandboxProgram(Path.of(program.strip())));
            builder.protectedDirectory(config.userConfig());
            Path served = ServeCommand.workspacesFolder(config);
            boolean servedRun = root.startsWith(served) && !root.equals(served);
            privateFiles(config).forEach(builder::protectedDirectory);
            AgentSetup.skillFolders(config).forEach(builder::readOnlyDirectory);
            config.list("plugins.folders").forEach(folder -> builder.readOnlyDirectory(Path.of(folder)));
            config.list("workspace.extra-dirs").forEach(dir -> builder.extraDirectory(Path.of(dir)));
            // a served run's commands see no other run's workspace
            if (servedRun) {
                builder.enclosedBy(served);
            }
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException("workspace: " + e.getMessage());
        }
    }

    /**
     * Every folder and file no run's tool or command may touch, the installation's configuration
     * aside: the user's configuration and {@link #privateFiles}.
     */
    static List<Path> keptFromRuns(LauncherConfig config) {
        List<Path> kept = new ArrayList<>(List.of(config.userConfig()));
        kept.addAll(privateFiles(config));
        return kept;
    }

    /**
     * The first of {@code kept} that holds {@code folder} or lies inside it: a workspace there would be
     * refused, or would show a run what it must not see. Links are followed as far as the paths exist.
     */
    static Optional<Path> keptAround(Path folder, List<Path> kept) {
        Path real = real(folder);
        return kept.stream().filter(file -> real.startsWith(real(file)) || real(file).startsWith(real)).findFirst();
    }

    /** {@code path} absolute, with its longest existing part's links resolved. */
    private static Path real(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        for (Path existing = absolute; existing != null; existing = existing.getParent()) {
            try {
                return existing.toRealPath().resolve(existing.relativize(absolute));
            } catch (IOException notThere) {
                // try the folder around it
            }
        }
        return absolute;
    }

    /** The workspace root as configured ({@code workspace.root}, default the current folder): what approved rules are kept by. */
    static Path workspaceRoot(LauncherConfig config) {
        return Path.of(config.get("workspace.root").orElse("")).toAbsolutePath().normalize();
    }

    /**
     * The files the launcher keeps about the user's runs, where the configuration or the environment
     * put them: earlier conversations and what was done must not reach the model through a command.
     * The server's token files are among them, so that no served run, a user's least, reads a token.
     */
    static List<Path> privateFiles(LauncherConfig config) {
        List<Path> files = new ArrayList<>();
        String userConfig = System.getenv("AGENTLOOP_CONFIG");
        if (userConfig != null && !userConfig.isBlank()) {
            files.add(Path.of(userConfig));
        }
        Path sessions = config.get("sessions.folder").map(Path::of).orElseGet(FileSessionStore::defaultFolder);
        files.add(sessions);
        files.add(config.get("memory.file").map(Path::of).orElseGet(() -> sessions.resolveSibling("memory.jsonl")));
        // a command that could write here would grant itself approvals for every later run
        files.add(ApprovedRules.folder(config));
        // the served runs' records: which session, where, and how each stands
        files.add(ServeCommand.dataFolder(config));
        // the server's tokens: a user's approved command that read an administrator's would be one
        files.addAll(ServeCommand.tokenFiles(config));
        config.get("trace.file").map(Path::of).ifPresent(files::add);
        config.get("plugins.audit-trail.file").map(Path::of).ifPresent(files::add);
        String data = System.getenv("XDG_DATA_HOME");
        if (data != null && !data.isBlank()) {
            files.add(Path.of(data, "agentloop"));
        }
        String audit = System.getenv("AGENTLOOP_AUDIT_LOG");
        if (audit != null && !audit.isBlank()) {
            files.add(Path.of(audit));
        }
        return files;
    }
}
