package io.agentloop.core.sandbox;

import io.agentloop.core.secret.ProtectedNames;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Where secrets live, for the sandbox to hide: the user's credential folders and files in the home
 * folder, sockets that control the machine (a container engine's socket is root on the host), and
 * files with secret names ({@code .env}, {@code id_rsa}, {@code *.pem}...) inside the folders
 * commands work in. The walk of a workspace skips folders of generated or fetched files
 * ({@code .git}, {@code node_modules}, {@code target}...), where a scan would cost far more than it finds.
 */
public final class SecretLocations {
    private static final List<String> HOME_SECRETS = List.of(".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure",
            ".config/gcloud", ".config/gh", ".config/agentloop", ".local/share/agentloop", ".agentloop", ".netrc",
            ".git-credentials", ".npmrc", ".pypirc", ".pgpass", ".m2/settings-security.xml",
            ".cargo/credentials", ".cargo/credentials.toml", ".vault-token");
    private static final List<String> MACHINE_SOCKETS = List.of("/run/docker.sock", "/var/run/docker.sock",
            "/run/containerd", "/run/podman", "/run/user", "/var/run/libvirt");
    private static final Set<String> SKIPPED = Set.of(".git", "node_modules", "target", "build", "dist", ".gradle",
            ".venv", "venv", "__pycache__", ".tox", ".mypy_cache", ".idea", ".next");
    private static final int MAX_ENTRIES = 200_000;

    private SecretLocations() {
    }

    /** The credential locations of the given home folders that exist, and the machine's control sockets. */
    public static List<Path> ofHomes(List<Path> homes) {
        Set<Path> found = new LinkedHashSet<>();
        for (Path home : homes) {
            for (String name : HOME_SECRETS) {
                Path candidate = home.resolve(name);
                if (Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                    found.add(candidate);
                }
            }
        }
        for (String socket : MACHINE_SOCKETS) {
            Path candidate = Path.of(socket);
            if (Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                found.add(candidate);
            }
        }
        return List.copyOf(found);
    }

    /** Files and folders with secret names under {@code folder} (the folder itself excluded). */
    static List<Path> under(Path folder) {
        List<Path> found = new ArrayList<>();
        int[] seen = {0};
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (dir.equals(folder)) {
                        return FileVisitResult.CONTINUE;
                    }
                    String name = dir.getFileName().toString();
                    if (ProtectedNames.secretReason(name).isPresent()) {
                        found.add(dir);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return SKIPPED.contains(name) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (ProtectedNames.secretReason(file.getFileName().toString()).isPresent()
                            && (attrs.isRegularFile() || attrs.isSymbolicLink())) {
                        found.add(file);
                    }
                    return ++seen[0] > MAX_ENTRIES ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // What was found so far is hidden; an unreadable folder is unreadable inside too.
        }
        return found;
    }
}
