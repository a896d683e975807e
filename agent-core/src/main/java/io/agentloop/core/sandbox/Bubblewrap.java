package io.agentloop.core.sandbox;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.SandboxedProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 */
public final class Bubblewrap implements CommandSandbox {
    private final Path executable;
    private final SandboxSettings settings;
    private final boolean root;
    private volatile boolean checked;

    public Bubblewrap(Path executable, SandboxSettings settings) {
        this.executable = executable;
        this.settings = settings;
        this.root = runsAsRoot();
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
        // bwrap itself gets the sandbox's environment and nothing else: its first process inside (the
        // PID namespace's init) keeps the environment bwrap started with, readable in /proc/1/environ.
        return new Contained(ProcessSpawner.start(arguments(command, directory), null, settings.environment(),
                environment));
    }

    @Override
    public Containment containment() {
        return Containment.CONTAINED;
    }

    @Override
    public String description() {
        return "bubblewrap: commands write only in " + String.join(", ", settings.writable().stream()
                .map(Path::toString).toList()) + " and a private /tmp, secret files hidden, network "
                + (settings.network() ? "on" : "off");
    }

    /**
     * The bwrap command line for one command.
     *
     * @throws IOException when the writable folders cannot be checked for secrets
     */
    List<String> arguments(List<String> command, Path directory) throws IOException {
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
        List<Path> writable = settings.writable().stream().sorted(Comparator.comparingInt(Path::getNameCount)).toList();
        for (Path folder : writable) {
            args.addAll(List.of("--bind", folder.toString(), folder.toString()));
        }
        for (Path folder : settings.readOnly()) {
            if (Files.isDirectory(folder)) {
                args.addAll(List.of("--ro-bind", folder.toString(), folder.toString()));
            }
        }
        Set<Path> hidden = new LinkedHashSet<>(SecretLocations.ofHomes(settings.homes()));
        hidden.addAll(settings.hidden());
        List<Path> gitFolders = new ArrayList<>();
        for (Path folder : writable) {
            SecretLocations.Found found = SecretLocations.under(folder);
            hidden.addAll(found.secrets());
            hidden.addAll(found.unreadable());
            gitFolders.addAll(found.gitFolders());
        }
        // Git runs hooks and configured commands on the host later: they stay as they are.
        for (Path git : gitFolders) {
            for (String part : List.of("hooks", "config", "info")) {
                Path kept = git.resolve(part);
                if (Files.exists(kept)) {
                    args.addAll(List.of("--ro-bind", kept.toString(), kept.toString()));
                }
            }
        }
        for (Path path : hidden) {
            if (!visibleInside(path, writable)) {
                continue;
            }
            // bwrap mounts over what a link points to: a linked folder is covered as a folder.
            if (Files.isDirectory(path)) {
                args.addAll(List.of("--tmpfs", path.toString(), "--remount-ro", path.toString()));
            } else if (Files.exists(path)) {
                args.addAll(List.of("--ro-bind", "/dev/null", path.toString()));
            }
        }
        args.addAll(List.of("--chdir", directory.toString(), "--"));
        args.addAll(command);
        return args;
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

    /** Under the private /tmp and /run, only what a writable folder brings back in exists inside. */
    private static boolean visibleInside(Path path, List<Path> writable) {
        return !(path.startsWith("/tmp") || path.startsWith("/run")) || writable.stream().anyMatch(path::startsWith);
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
            Process probe = ProcessSpawner.start(arguments(List.of("true"), settings.writable().get(0)), null,
                    settings.environment(), Map.of());
            probe.getOutputStream().close();
            byte[] output = probe.getInputStream().readNBytes(4096);
            if (!waitFor(probe)) {
                probe.destroyForcibly();
                throw new IOException("the command sandbox (bubblewrap) did not start within 30 s");
            }
            if (probe.exitValue() != 0) {
                throw new IOException("the command sandbox (bubblewrap, " + executable + ") could not start a "
                        + "command here: " + new String(output, StandardCharsets.UTF_8).strip() + ". If user "
                        + "namespaces are off, allow them (for example sysctl kernel.unprivileged_userns_clone=1, or "
                        + "an AppArmor profile for bwrap); if the workspace lies in a hidden folder, choose another; "
                        + "or turn the sandbox off with sandbox.enabled: false (commands then run unconfined and ask "
                        + "in every mode)");
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
     * closes its output, which may still hold the command's last bytes.
     */
    private record Contained(Process process) implements SandboxedProcess {
        @Override
        public void kill() {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
        }
    }
}
