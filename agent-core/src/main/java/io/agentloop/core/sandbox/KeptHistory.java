package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The history of the repositories in the writable folders, kept recoverable across one command:
 * the user's commits cannot be lost to an {@code rm -rf .git}, a {@code git reset --hard} and
 * {@code gc}, or a rewritten ref, whatever the permission mode. Before the command each repository
 * is kept ({@link KeptRepository}) in {@code .agentloop-kept/<launcher>-<n>} inside it, a folder the
 * sandbox covers with an empty read-only one ({@link #folderOf}), so no command sees or changes it,
 * on the repository's own file system, so the object files are hard links that cost no copy. After
 * the command, what it deleted or rewrote is put back and the model told, one sentence per
 * repository; then the kept links are removed, and with the last one the folder. Folders left by a
 * launcher that died are removed by the next one.
 */
final class KeptHistory {
    static final String FOLDER = ".agentloop-kept";
    private static final AtomicLong COMMANDS = new AtomicLong();
    private static final long LAUNCHER = ProcessHandle.current().pid();

    private final List<KeptRepository> kept;

    private KeptHistory(List<KeptRepository> kept) {
        this.kept = kept;
    }

    /** The folder the kept copies of a repository live in, which the sandbox hides. */
    static Path folderOf(Path gitDir) {
        return gitDir.resolve(FOLDER);
    }

    /**
     * Keeps each repository (a git folder, {@code .git} or bare, holding {@code objects/}) for one
     * command. A repository that cannot be kept is said so after the command, as far as it got.
     */
    static KeptHistory keep(Collection<Path> gitDirs) {
        List<KeptRepository> kept = new ArrayList<>();
        for (Path gitDir : gitDirs) {
            if (!Files.isDirectory(gitDir.resolve("objects"), LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                kept.add(KeptRepository.keep(gitDir, newFolder(folderOf(gitDir))));
            } catch (IOException | RuntimeException e) {
                // nothing kept of it: the command runs as it would have before
            }
        }
        return new KeptHistory(kept);
    }

    /**
     * Puts back what the command deleted or rewrote of each repository's history, and says so.
     *
     * @param base the folder paths are told relative to
     */
    List<String> restore(Path base) {
        List<String> notices = new ArrayList<>();
        for (KeptRepository repository : kept) {
            List<String> undone = repository.restore();
            if (!undone.isEmpty()) {
                notices.add("the command deleted or rewrote history of the git repository "
                        + GitRepositories.shown(repository.gitDir(), base) + " (" + String.join(", ", undone)
                        + "); it was put back as it was before the command, so no commit of the user's is lost. Ask "
                        + "the user to rewrite or delete history");
            }
        }
        return notices;
    }

    /** Removes the kept links, and each repository's kept folder once no other command uses it. Once. */
    synchronized void discard() {
        for (KeptRepository repository : kept) {
            try {
                repository.discard();
                Files.delete(repository.folder().getParent());
            } catch (DirectoryNotEmptyException | NoSuchFileException e) {
                // another command of this or another launcher keeps its own copy there
            } catch (IOException e) {
                // left for the next command, which removes what a launcher no longer running left
            }
        }
        kept.clear();
    }

    /** A new folder of this command's inside {@code parent}, after removing those of launchers gone. */
    private static Path newFolder(Path parent) throws IOException {
        for (int attempt = 0; ; attempt++) {
            if (Files.isSymbolicLink(parent)
                    || Files.exists(parent, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(parent, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(parent + " is not a folder the sandbox made");
            }
            Files.createDirectories(parent);
            removeAbandoned(parent);
            try {
                return Files.createDirectory(parent.resolve(LAUNCHER + "-" + COMMANDS.incrementAndGet()));
            } catch (NoSuchFileException | FileAlreadyExistsException e) {
                // another command removed the empty parent meanwhile, or a name is taken: try again
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    private static void removeAbandoned(Path parent) throws IOException {
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(parent)) {
            for (Path folder : folders) {
                String name = folder.getFileName().toString();
                int dash = name.indexOf('-');
                boolean running = dash > 0 && dash < 19 && name.substring(0, dash).chars().allMatch(Character::isDigit)
                        && ProcessHandle.of(Long.parseLong(name.substring(0, dash))).isPresent();
                if (!running) {
                    deleteTree(folder);
                }
            }
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
