package io.agentloop.core.sandbox;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.SandboxedProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The Linux command sandbox: each command runs under bubblewrap ({@code bwrap}) in fresh
 * namespaces. The whole file system is mounted read-only, then the writable folders are bound
 * read-write and {@code /tmp} is a private, empty tmpfs; secret files and folders are covered
 * (an empty read-only folder, or {@code /dev/null}), so every spelling of their names, links and
 * {@code /proc} paths included, reads nothing. A new PID namespace with its own {@code /proc} hides
 * the launcher and every other process; bwrap starts with the allow-listed environment alone; the
 * network namespace is empty unless the network is enabled. Run as root, the sandbox drops every
 * capability and makes {@code /proc/sys} read-only. When the command ends, or the sandbox is killed,
 * the PID namespace ends and the kernel kills everything left in it, {@code setsid} children too;
 * {@code --die-with-parent} does the same if the launcher itself dies.
 *
 * <p>What runs or is obeyed later, outside the sandbox, is held as it is: the workspace's
 * {@code .agentloop} folders (skills, settings) are read-only, also where they do not exist yet, and
 * one a command makes deeper in the tree is put out of action when it ends ({@link InstructionFolders});
 * every git repository stays where it is with its hooks and configuration read-only, and what a
 * command makes anew is put out of action when it ends ({@link GitRepositories}); each repository's
 * history is kept out of the command's reach and what the command deleted or rewrote of it is put
 * back ({@link KeptHistory}). A seccomp filter refuses Unix sockets ({@link UnixSocketFilter}), so no
 * service of the host can be reached through its socket file.
 */
public final class Bubblewrap implements CommandSandbox {
    private final Path executable;
    private final SandboxSettings settings;
    private final boolean root;
    private volatile boolean checked;
    private volatile Path filter;
    private final InstructionFolders instructions;

    public Bubblewrap(Path executable, SandboxSettings settings) {
        this.executable = executable;
        this.settings = settings;
        this.root = runsAsRoot();
        this.instructions = new InstructionFolders(settings.writable());
    }

    private static boolean runsAsRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    @Override
    public SandboxedProcess start(List<String> command, Path directory, Map<String, String> environment)
            throws IOException {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to start");
        }
        checkWorks();
        return launch(command, directory, environment);
    }

    /**
     * Walks the writable folders (secrets to hide, repositories to snapshot and hold), starts the
     * command, and hands back the process whose {@link SandboxedProcess#finish()} checks them again.
     */
    private Contained launch(List<String> command, Path directory, Map<String, String> environment)
            throws IOException {
        Scan before = Scan.of(settings.writable());
        if (filter != null && !Files.exists(filter)) {
            filter = UnixSocketFilter.write();
        }
        instructions.enter();
        KeptHistory kept = KeptHistory.keep(held(before, settings.readOnly()).stream()
                .filter(r -> r.shape() != GitRepositories.Shape.GIT_FILE).map(GitRepositories.Repository::path)
                .toList());
        // bwrap itself gets the sandbox's environment and nothing else: its first process inside (the
        // PID namespace's init) keeps the environment bwrap started with, readable in /proc/1/environ.
        return new Contained(ProcessSpawner.start(withFilter(arguments(command, directory, before)), null,
                settings.environment(), environment), before, kept);
    }

    @Override
    public Containment containment() {
        return Containment.CONTAINED;
    }

    @Override
    public String description() {
        return "bubblewrap: commands write only in " + String.join(", ", settings.writable().stream()
                .map(Path::toString).toList()) + " and a private /tmp, secret files hidden, git hooks and "
                + "configuration kept, " + (UnixSocketFilter.supported() ? "no Unix sockets, " : "")
                + "network " + (settings.network() ? "on" : "off");
    }

    /** What a walk of the writable folders found before a command. */
    private record Scan(List<SecretLocations.Found> walks, Map<Path, GitRepositories.Repository> repositories) {
        static Scan of(List<Path> writable) throws IOException {
            List<SecretLocations.Found> walks = new ArrayList<>();
            for (Path folder : writable) {
                walks.add(SecretLocations.under(folder));
            }
            return new Scan(walks, GitRepositories.of(walks));
        }

        /** Every {@code .agentloop} entry the walks found. */
        List<Path> instructions() {
            return walks.stream().flatMap(walk -> walk.instructions().stream()).toList();
        }
    }

    /**
     * The bwrap command line for one command.
     */
    List<String> arguments(List<String> command, Path directory, Scan scan) {
        List<String> args = new ArrayList<>(List.of(executable.toString(), "--die-with-parent", "--new-session",
                "--unshare-user", "--disable-userns", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
                "--unshare-cgroup-try"));
        if (!settings.network()) {
            args.add("--unshare-net");
        }
        if (root) {
            args.addAll(List.of("--cap-drop", "ALL"));
        }
        // /run holds the machine's service sockets (D-Bus, systemd, container engines): a socket file can be
        // connected to through a read-only mount and without a network, so none is left in sight.
        args.addAll(List.of("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--ro-bind", "/proc/sys",
                "/proc/sys", "--tmpfs", "/tmp", "--tmpfs", "/run"));
        if (settings.network()) {
            resolverFolder().ifPresent(folder -> args.addAll(List.of("--ro-bind", folder.toString(),
                    folder.toString())));
        }
        MountTree tree = new MountTree(List.of(Path.of("/tmp"), Path.of("/run")));
        // an enclosing folder shows nothing but the writable folders bound into it (other runs' workspaces)
        settings.enclosing().forEach(folder -> tree.add(MountTree.Kind.ENCLOSING, folder));
        settings.writable().forEach(folder -> tree.add(MountTree.Kind.WRITABLE, folder));
        List<Path> readOnly = settings.readOnly().stream().filter(Files::isDirectory).toList();
        readOnly.forEach(folder -> tree.add(MountTree.Kind.READ_ONLY, folder));
        // What the next run reads as its instructions and settings stays as it is (and where it is).
        settings.writable().forEach(folder -> tree.add(MountTree.Kind.KEPT, folder.resolve(InstructionFolders.NAME)));
        // a link named .agentloop is not followed: it is put out of action after the command instead
        scan.instructions().stream().filter(folder -> Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS))
                .forEach(folder -> tree.add(MountTree.Kind.KEPT, folder));
        gitMounts(tree, scan, readOnly, settings.writable());
        Set<Path> hidden = new LinkedHashSet<>(SecretLocations.ofHomes(settings.homes()));
        hidden.addAll(settings.hidden());
        for (SecretLocations.Found found : scan.walks()) {
            hidden.addAll(found.secrets());
            hidden.addAll(found.unreadable());
        }
        // bwrap mounts over what a link points to: the tree follows links, so a linked folder is covered as a folder
        hidden.forEach(path -> tree.add(MountTree.Kind.HIDDEN, path));
        args.addAll(tree.arguments());
        if (filter != null) {
            args.addAll(List.of("--seccomp", "3"));
        }
        args.addAll(List.of("--chdir", directory.toString(), "--"));
        args.addAll(command);
        return args;
    }

    /**
     * Git runs hooks and configured programs on the host later: each repository is a mount point of
     * its own (a mount point cannot be renamed, so no {@code mv .git .gx} and back), and the parts git
     * obeys are read-only. What a command makes anew is caught after it ({@link GitRepositories}).
     */
    private static void gitMounts(MountTree tree, Scan scan, List<Path> readOnly, List<Path> writable) {
        Set<Path> hidden = new java.util.TreeSet<>(KeptHistory.folders());
        for (GitRepositories.Repository repository : held(scan, readOnly)) {
            Path path = repository.path();
            if (repository.shape() == GitRepositories.Shape.GIT_FILE) {
                tree.add(MountTree.Kind.REPOSITORY_PART, path);
                continue;
            }
            tree.add(MountTree.Kind.REPOSITORY, path);
            for (String part : GitRepositories.PARTS) {
                tree.add(MountTree.Kind.REPOSITORY_PART, path.resolve(part));
            }
            hidden.add(KeptHistory.folderOf(path));
        }
        // the kept history of each repository, also one that is no repository now (the walk skips them all)
        for (Path history : hidden) {
            if (writable.stream().anyMatch(history::startsWith) && readOnly.stream().noneMatch(history::startsWith)
                    && Files.isDirectory(history, LinkOption.NOFOLLOW_LINKS)) {
                tree.add(MountTree.Kind.HIDDEN, history);
            }
        }
    }

    /** The repositories the sandbox holds where they are: those in writable folders, not links, outer first. */
    private static List<GitRepositories.Repository> held(Scan scan, List<Path> readOnly) {
        return scan.repositories().values().stream()
                .filter(r -> readOnly.stream().noneMatch(r.path()::startsWith) && !Files.isSymbolicLink(r.path()))
                .sorted(Comparator.comparingInt(r -> r.path().getNameCount())).toList();
    }

    /**
     * Starts bwrap through {@code /bin/sh}, which opens the seccomp program on descriptor 3 for it
     * ({@code --seccomp 3}): Java cannot hand a child more than its standard streams.
     */
    private List<String> withFilter(List<String> args) {
        if (filter == null) {
            return args;
        }
        List<String> shell = new ArrayList<>(List.of("/bin/sh", "-c", "f=$1; shift; exec \"$@\" 3<\"$f\"", "sh",
                filter.toString()));
        shell.addAll(args);
        return shell;
    }

    /** The folder under /run that /etc/resolv.conf points into, if it does: name lookups need it. */
    private static java.util.Optional<Path> resolverFolder() {
        try {
            Path resolv = Path.of("/etc/resolv.conf").toRealPath();
            return resolv.startsWith("/run") ? java.util.Optional.of(resolv.getParent()) : java.util.Optional.empty();
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * Runs {@code true} in the sandbox once, so a system where bubblewrap cannot work (user
     * namespaces turned off, a container without the privileges) gets one clear error, not a
     * bwrap message in every command's output.
     */
    private void checkWorks() throws IOException {
        if (checked) {
            return;
        }
        synchronized (this) {
            if (checked) {
                return;
            }
            if (UnixSocketFilter.supported()) {
                filter = UnixSocketFilter.write();
            }
            Contained started = launch(List.of("true"), settings.writable().get(0), Map.of());
            try {
                Process probe = started.process();
                probe.getOutputStream().close();
                byte[] output = probe.getInputStream().readNBytes(4096);
                if (!waitFor(probe)) {
                    throw new IOException("the command sandbox (bubblewrap) did not start within 30 s");
                }
                if (probe.exitValue() != 0) {
                    throw new IOException("the command sandbox (bubblewrap, " + executable + ") could not start a "
                            + "command here: " + new String(output, StandardCharsets.UTF_8).strip() + ". If user "
                            + "namespaces are off, allow them (for example sysctl kernel.unprivileged_userns_clone=1, "
                            + "or an AppArmor profile for bwrap); if the workspace lies in a hidden folder, choose "
                            + "another; or turn the sandbox off with sandbox.enabled: false (commands then run "
                            + "unconfined and ask in every mode)");
                }
            } finally {
                started.finish();
            }
            checked = true;
        }
    }

    private static boolean waitFor(Process probe) throws IOException {
        try {
            return probe.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            probe.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while checking the command sandbox");
        }
    }

    /**
     * Killing bwrap ends its PID namespace, and with it every process of the command. Once bwrap has
     * exited, the namespace is gone already; the process object is left alone then, since destroying it
     * closes its output, which may still hold the command's last bytes. Finishing waits until the
     * namespace is gone (its first process has exited: the kernel ends the others before it), so that
     * nothing of the command writes after the check of what it left behind.
     */
    private final class Contained implements SandboxedProcess {
        private final Process process;
        private final Scan before;
        private final KeptHistory kept;
        private final List<ProcessHandle> inside = new ArrayList<>();
        private List<String> notices;

        Contained(Process process, Scan before, KeptHistory kept) {
            this.process = process;
            this.before = before;
            this.kept = kept;
        }

        @Override
        public Process process() {
            return process;
        }

        @Override
        public void kill() {
            synchronized (inside) {
                if (process.isAlive()) {
                    process.toHandle().children().forEach(inside::add);
                    process.destroyForcibly();
                }
            }
        }

        @Override
        public synchronized List<String> finish() {
            if (notices != null) {
                return notices;
            }
            kill();
            try {
                awaitEnd();
                List<String> found = new ArrayList<>(kept.restore(settings.writable().get(0)));
                Scan after = Scan.of(settings.writable());
                found.addAll(GitRepositories.check(before.repositories(), after.repositories(),
                        settings.writable().get(0)));
                found.addAll(InstructionFolders.disableNew(before.instructions(), after.instructions(),
                        settings.writable(), settings.writable().get(0)));
                notices = List.copyOf(found);
            } catch (IOException e) {
                notices = List.of("the sandbox could not check the git repositories in the workspace after the "
                        + "command (" + e.getMessage() + "): tell the user to look at their hooks and configuration "
                        + "before running git there");
            }
            return notices;
        }

        private void awaitEnd() throws IOException {
            List<ProcessHandle> waited;
            synchronized (inside) {
                waited = List.copyOf(inside);
            }
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    throw new IOException("the sandbox did not end within 30 s of being killed");
                }
                for (ProcessHandle handle : waited) {
                    handle.onExit().get(30, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the command to end");
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IOException("the command's processes did not end within 30 s of being killed");
            }
        }
    }
}
