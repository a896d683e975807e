package io.agentloop.core.sandbox;

import io.agentloop.core.secret.ProtectedNames;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
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
 * Where secrets live, for the sandbox to hide, found afresh before every command (a command may
 * create, rename or move them between two): the user's credential files and folders in the home
 * folders, the machine's own secrets ({@code /etc/shadow}, SSH host keys), and files with secret
 * names ({@code .env*}, {@code id_rsa}, {@code *.pem}...) anywhere inside the folders commands may
 * change. The walk has no skip list (a command could move a secret into a skipped folder), covers
 * what it cannot read (a command could make a folder unreadable to the scan), and fails rather than
 * stop halfway on a huge tree.
 */
public final class SecretLocations {
    private static final List<String> HOME_SECRETS = List.of(".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure",
            ".oci", ".config/gcloud", ".config/gh", ".config/hub", ".config/git/credentials", ".config/agentloop",
            ".config/containers/auth.json", ".config/rclone", ".config/op", ".config/doctl", ".local/share/agentloop",
            ".local/share/keyrings", ".password-store", ".agentloop", ".netrc", ".git-credentials", ".npmrc",
            ".yarnrc.yml", ".pypirc", ".pgpass", ".my.cnf", ".s3cfg", ".boto", ".m2/settings-security.xml",
            ".cargo/credentials", ".cargo/credentials.toml", ".gem/credentials", ".composer/auth.json",
            ".terraform.d/credentials.tfrc.json", ".huggingface", ".cache/huggingface/token", ".vault-token",
            ".claude", ".codex", ".bash_history", ".zsh_history", ".python_history", ".psql_history",
            ".mysql_history", ".lesshst");
    private static final List<String> MACHINE_SECRETS = List.of("/etc/shadow", "/etc/gshadow", "/etc/sudoers.d",
            "/var/lib/lxd", "/var/snap/lxd", "/var/lib/incus", "/var/lib/docker", "/var/lib/containers");
    static final int MAX_ENTRIES = 1_000_000;

    /**
     * What a walk of a writable folder found to hide or keep read-only.
     *
     * @param gitEntries   every entry named {@code .git}, folder, file or link
     * @param headFolders  every folder holding a file named {@code HEAD} (a repository git may use as it is)
     * @param instructions every folder named {@code .agentloop} (the platform's settings and skills), and every
     *                     other entry of that name (a link a later run could follow)
     */
    record Found(List<Path> secrets, List<Path> unreadable, List<Path> gitEntries, List<Path> headFolders,
                 List<Path> instructions) {
    }

    private SecretLocations() {
    }

    /** The credential locations of the given home folders that exist, and the machine's own secrets. */
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
        for (String secret : MACHINE_SECRETS) {
            Path candidate = Path.of(secret);
            if (Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                found.add(candidate);
            }
        }
        try (DirectoryStream<Path> keys = Files.newDirectoryStream(Path.of("/etc/ssh"), "ssh_host_*_key")) {
            keys.forEach(found::add);
        } catch (IOException e) {
            // no SSH server keys on this machine
        }
        return List.copyOf(found);
    }

    /**
     * Everything under {@code folder} (the folder itself excluded) with a secret name, every folder
     * the walk could not read, and what git and the platform read there (see {@link Found}). One
     * walk serves the secrets and the repositories: it is the cost of every command.
     *
     * @throws IOException when the tree holds more than {@link #MAX_ENTRIES} entries: hiding only
     *                     part of it would leave the rest readable
     */
    static Found under(Path folder) throws IOException {
        List<Path> secrets = new ArrayList<>();
        List<Path> unreadable = new ArrayList<>();
        List<Path> gits = new ArrayList<>();
        List<Path> heads = new ArrayList<>();
        List<Path> instructions = new ArrayList<>();
        Set<Path> kept = KeptHistory.folders();
        int[] seen = {0};
        Files.walkFileTree(folder, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                count();
                if (dir.equals(folder)) {
                    return FileVisitResult.CONTINUE;
                }
                String name = dir.getFileName().toString();
                if (name.equals(".git")) {
                    gits.add(dir);
                    return FileVisitResult.CONTINUE;
                }
                if (name.equals(".agentloop")) {
                    instructions.add(dir);
                    return FileVisitResult.CONTINUE;
                }
                if (name.equals(KeptHistory.FOLDER) && kept.contains(dir)) {
                    return FileVisitResult.SKIP_SUBTREE; // this launcher's kept history: hidden from every command
                }
                if (ProtectedNames.secretReason(name).isPresent()) {
                    secrets.add(dir);
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                count();
                String name = file.getFileName().toString();
                if (name.equals(".git")) {
                    gits.add(file);
                } else if (name.equals(".agentloop")) {
                    instructions.add(file);
                } else if (name.equals("HEAD") && attrs.isRegularFile()) {
                    heads.add(file.getParent());
                }
                if (ProtectedNames.secretReason(name).isPresent()
                        && (attrs.isRegularFile() || attrs.isSymbolicLink() || attrs.isOther())) {
                    secrets.add(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                // What the scan cannot read may hold secrets: it is covered whole.
                if (e instanceof AccessDeniedException || Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                    unreadable.add(file);
                }
                return FileVisitResult.CONTINUE;
            }

            private void count() throws IOException {
                if (++seen[0] > MAX_ENTRIES) {
                    throw new IOException("the folder " + folder + " holds more than " + MAX_ENTRIES + " files and "
                            + "folders; the sandbox checks them all for secret files before each command, and does "
                            + "not run one it could not check: make the workspace a smaller folder (workspace.root)");
                }
            }
        });
        return new Found(secrets, unreadable, gits, heads, instructions);
    }
}
