package io.agentloop.core.workspace;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Workspace;
import io.agentloop.core.sandbox.SandboxSettings;
import io.agentloop.core.sandbox.Sandboxes;
import io.agentloop.core.secret.ProtectedNames;
import io.agentloop.core.secret.SecretEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The workspace of a run: a root folder, optional extra directories, and the protected paths.
 * Every path is made absolute against the root and canonicalised (symbolic links followed, also
 * for files that do not exist yet, chains and loops included) before it is checked, so
 * {@code ../../etc/passwd}, an absolute path elsewhere, or a link inside pointing outside all end
 * in the same check: the real path must lie under the root or an extra directory, and no folder
 * or file on the way (as asked or as resolved) may be protected. Processes start in the command
 * sandbox around the same folders ({@link #sandbox()}): bubblewrap on Linux, Seatbelt on macOS.
 *
 * <pre>{@code
 * Workspace workspace = SandboxWorkspace.builder(Path.of("project")).extraDirectory(Path.of("/data")).build();
 * }</pre>
 */
public final class SandboxWorkspace implements Workspace {
    private static final int MAX_LINKS = 40;

    private final Path root;
    private final List<Path> extraDirectories;
    private final List<Path> protectedDirectories;
    private final Map<String, String> childEnvironment;
    private final CommandSandbox sandbox;

    private SandboxWorkspace(Builder builder) {
        this.root = canonicalDirectory(builder.root, "workspace root");
        List<Path> extras = new ArrayList<>();
        builder.extraDirectories.forEach(dir -> extras.add(canonicalDirectory(dir, "extra directory")));
        this.extraDirectories = List.copyOf(extras);
        List<Path> protectedDirs = new ArrayList<>();
        for (Path dir : builder.protectedDirectories) {
            protectedDirs.add(canonicalOrAbsolute(dir));
        }
        this.protectedDirectories = List.copyOf(protectedDirs);
        refuseProtectedAround();
        this.childEnvironment = Map.copyOf(SecretEnvironment.filter(builder.environment, builder.environmentAllowlist));
        List<Path> homes = homes(builder);
        refuseHome(homes);
        this.sandbox = builder.sandboxEnabled ? Sandboxes.detect(sandboxSettings(builder, homes), childEnvironment,
                Optional.ofNullable(builder.sandboxProgram)) : Sandboxes.disabled(childEnvironment);
    }

    private SandboxSettings sandboxSettings(Builder builder, List<Path> homes) {
        List<Path> writable = new ArrayList<>();
        writable.add(root);
        writable.addAll(extraDirectories);
        List<Path> readOnly = builder.readOnlyDirectories.stream().map(SandboxWorkspace::canonicalOrAbsolute).toList();
        List<Path> enclosing = builder.enclosingDirectories.stream().map(SandboxWorkspace::canonicalOrAbsolute).toList();
        for (Path folder : enclosing) {
            if (!root.startsWith(folder) || root.equals(folder)) {
                throw new IllegalArgumentException("the workspace " + root + " is not inside " + folder + ", the folder "
                        + "it was to be enclosed by");
            }
        }
        return new SandboxSettings(writable, readOnly, homes, protectedDirectories, Sandboxes.environment(
                builder.environment, builder.environmentAllowlist), builder.network, enclosing);
    }

    /** The user's home folders: Java's, and HOME when it says otherwise. */
    private static List<Path> homes(Builder builder) {
        List<Path> homes = new ArrayList<>(List.of(canonicalOrAbsolute(Path.of(System.getProperty("user.home")))));
        String home = builder.environment.get("HOME");
        if (home != null && !home.isBlank() && Path.of(home).isAbsolute()) {
            Path canonical = canonicalOrAbsolute(Path.of(home));
            if (!homes.contains(canonical)) {
                homes.add(canonical);
            }
        }
        return homes;
    }

    /**
     * A protected folder around the workspace would hide the workspace itself from its commands and
     * tools (the sessions folder set to a project's parent, say).
     */
    private void refuseProtectedAround() {
        List<Path> folders = new ArrayList<>(List.of(root));
        folders.addAll(extraDirectories);
        for (Path folder : folders) {
            for (Path hidden : protectedDirectories) {
                if (folder.startsWith(hidden)) {
                    throw new IllegalArgumentException(hidden + " holds the workspace folder " + folder + ", but it is "
                            + "kept away from tools and commands (it holds configuration, sessions or logs): choose a "
                            + "workspace outside it, or move those files elsewhere");
                }
            }
        }
    }

    /**
     * A workspace that holds the user's home folder (the home itself, an ancestor, or {@code /}) would
     * let commands and file tools change the shell's start-up files, keys and every other project.
     */
    private void refuseHome(List<Path> homes) {
        List<Path> folders = new ArrayList<>(List.of(root));
        folders.addAll(extraDirectories);
        for (Path folder : folders) {
            for (Path home : homes) {
                if (home.startsWith(folder)) {
                    throw new IllegalArgumentException(folder + " holds your home folder " + home + ": tools there "
                            + "could change your shell's start-up files, keys and other projects; use a project "
                            + "folder as the workspace (workspace.root, workspace.extra-dirs)");
                }
            }
        }
    }

    /** A workspace at {@code root} with the default protections and the process's environment. */
    public static SandboxWorkspace of(Path root) {
        return builder(root).build();
    }

    public static Builder builder(Path root) {
        return new Builder(root);
    }

    @Override
    public Path root() {
        return root;
    }

    @Override
    public List<Path> extraDirectories() {
        return extraDirectories;
    }

    @Override
    public Path resolve(String path) {
        if (path.isBlank()) {
            throw new PathDeniedException(path, "is empty: give a path relative to the workspace root " + root);
        }
        if (ProtectedNames.hasInvisibleCharacters(path)) {
            throw new PathDeniedException(path.replaceAll("\\p{C}", "?"),
                    "contains control or invisible characters; write the path in plain characters");
        }
        Path asked;
        try {
            asked = expandHome(path);
        } catch (InvalidPathException e) {
            throw new PathDeniedException(path, "is not a valid path: " + e.getReason());
        }
        Path absolute = root.resolve(asked).normalize();
        Path real = realPath(path, absolute, 0);
        Path base = containing(real).orElseThrow(() -> new PathDeniedException(path, outsideReason(real)));
        protection(base, absolute).or(() -> protection(base, real))
                .ifPresent(reason -> {
                    throw new PathDeniedException(path, reason);
                });
        return real;
    }

    @Override
    public boolean permits(Path canonical) {
        Optional<Path> base = containing(canonical);
        return base.isPresent() && protection(base.get(), canonical).isEmpty();
    }

    @Override
    public Map<String, String> childEnvironment() {
        return new HashMap<>(childEnvironment);
    }

    @Override
    public CommandSandbox sandbox() {
        return sandbox;
    }

    private Path expandHome(String path) {
        if (path.equals("~") || path.startsWith("~/")) {
            return Path.of(System.getProperty("user.home")).resolve(path.substring(Math.min(2, path.length())));
        }
        return Path.of(path);
    }

    /** The real path, following links also where the file (or the link's target) does not exist yet. */
    private static Path realPath(String asked, Path path, int links) {
        if (links > MAX_LINKS) {
            throw new PathDeniedException(asked, "goes through too many symbolic links (a loop?)");
        }
        try {
            return path.toRealPath();
        } catch (NoSuchFileException e) {
            try {
                if (Files.isSymbolicLink(path)) {
                    Path target = Files.readSymbolicLink(path);
                    return realPath(asked, path.resolveSibling(target).normalize(), links + 1);
                }
            } catch (IOException ex) {
                throw new PathDeniedException(asked, "could not be resolved: " + ex.getMessage());
            }
            Path parent = path.getParent();
            if (parent == null) {
                return path;
            }
            return realPath(asked, parent, links + 1).resolve(path.getFileName());
        } catch (FileSystemException e) {
            String reason = e.getReason() == null ? e.getClass().getSimpleName() : e.getReason();
            throw new PathDeniedException(asked, "could not be resolved (" + reason + ")");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Optional<Path> containing(Path real) {
        if (real.startsWith(root)) {
            return Optional.of(root);
        }
        return extraDirectories.stream().filter(real::startsWith).findFirst();
    }

    private String outsideReason(Path real) {
        return "resolves to " + real + ", outside the workspace " + root
                + (extraDirectories.isEmpty() ? "" : " and its extra directories " + extraDirectories)
                + "; use a path inside it (or configure an extra directory)";
    }

    /** Why a path is protected: a protected directory, or a protected name on the way from its base. */
    private Optional<String> protection(Path base, Path path) {
        for (Path dir : protectedDirectories) {
            if (path.startsWith(dir)) {
                return Optional.of("is inside " + dir + ", which is protected");
            }
        }
        Path relative = path.startsWith(base) ? base.relativize(path) : path;
        for (Path name : relative) {
            Optional<String> reason = ProtectedNames.reason(name.toString());
            if (reason.isPresent()) {
                return reason;
            }
        }
        return Optional.empty();
    }

    private static Path canonicalDirectory(Path dir, String what) {
        Path real;
        try {
            real = dir.toAbsolutePath().toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("the " + what + " " + dir.toAbsolutePath() + " does not exist: create it "
                    + "or configure another folder", e);
        }
        if (!Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException("the " + what + " " + real + " is not a folder");
        }
        return real;
    }

    private static Path canonicalOrAbsolute(Path dir) {
        try {
            return dir.toAbsolutePath().toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    /** Configures a workspace. */
    public static final class Builder {
        private final Path root;
        private final List<Path> extraDirectories = new ArrayList<>();
        private final List<Path> protectedDirectories = new ArrayList<>();
        private Map<String, String> environment = System.getenv();
        private Set<String> environmentAllowlist = Set.of();
        private final List<Path> readOnlyDirectories = new ArrayList<>();
        private final List<Path> enclosingDirectories = new ArrayList<>();
        private boolean sandboxEnabled = true;
        private boolean network;
        private Path sandboxProgram;

        private Builder(Path root) {
            this.root = root;
            protectedDirectories.add(Path.of(System.getProperty("user.home"), ".config", "agentloop"));
        }

        /** A folder outside the root that tools may use too (read and write). Must exist. */
        public Builder extraDirectory(Path dir) {
            extraDirectories.add(dir);
            return this;
        }

        /** A folder no tool may touch, in addition to the protected names (the user's agentloop folder is one). */
        public Builder protectedDirectory(Path dir) {
            protectedDirectories.add(dir);
            return this;
        }

        /**
         * A folder inside the workspace that commands must not change, such as the installation that
         * runs them: its programs and plugins run again at the next start, outside any sandbox.
         */
        public Builder readOnlyDirectory(Path dir) {
            readOnlyDirectories.add(dir);
            return this;
        }

        /**
         * A folder around the workspace of which commands see only the workspace: the rest of it is
         * hidden from them (a server's workspace root, whose other folders are other runs'). Tools
         * reach nothing outside the workspace anyway.
         */
        public Builder enclosedBy(Path dir) {
            enclosingDirectories.add(dir);
            return this;
        }

        /** The environment child processes start from (default: this process's). */
        public Builder environment(Map<String, String> value) {
            this.environment = Map.copyOf(value);
            return this;
        }

        /** Variables child processes keep even though their names or values look secret. */
        public Builder environmentAllowlist(Set<String> names) {
            this.environmentAllowlist = Set.copyOf(names);
            return this;
        }

        /**
         * Whether commands run in the operating system's sandbox (default: yes, where the system has
         * one). Turning it off runs them unconfined, as the user: say so loudly to whoever runs it.
         */
        public Builder sandboxEnabled(boolean value) {
            this.sandboxEnabled = value;
            return this;
        }

        /**
         * The sandbox program to use (bubblewrap on Linux), as an absolute path; by default it is taken
         * from the system's folders, never from the {@code PATH}.
         */
        public Builder sandboxProgram(Path program) {
            this.sandboxProgram = program;
            return this;
        }

        /** Whether sandboxed commands may use the network (default: no). */
        public Builder network(boolean value) {
            this.network = value;
            return this;
        }

        /** @throws IllegalArgumentException when the root or an extra directory is not an existing folder */
        public SandboxWorkspace build() {
            return new SandboxWorkspace(this);
        }
    }
}
