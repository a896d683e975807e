package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The history of the repositories in the writable folders, kept recoverable across each command:
 * the user's commits cannot be lost to an {@code rm -rf .git}, a {@code git reset --hard} and
 * {@code gc}, or a rewritten ref, whatever the permission mode. Each repository is kept
 * ({@link KeptRepository}) in {@code .agentloop-kept/<launcher>} inside it: on its own file system,
 * so object files are hard links that cost no copy, and in a folder every sandbox covers with an
 * empty read-only one ({@link #folders}), so no command sees or changes it (and the walk for
 * secrets skips it). After a command, what it deleted or rewrote is put back and the model told, one
 * sentence per repository. The links are removed when the launcher exits; those of a launcher that
 * died are removed by the next one to keep that repository.
 */
final class KeptHistory {
    static final String FOLDER = ".agentloop-kept";
    /** This launcher's process id, which names its kept folders (with a random part: ids are reused). */
    private static final long LAUNCHER = ProcessHandle.current().pid();
    private static final Map<Path, KeptRepository> KEPT = new ConcurrentHashMap<>();

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(KeptHistory::discardAll, "agentloop-kept-history"));
        } catch (IllegalStateException e) {
            // the launcher is exiting already: the next one removes what this one keeps
        }
    }

    private final List<Command> commands;

    private record Command(KeptRepository repository, KeptRepository.Before before) {
    }

    private KeptHistory(List<Command> commands) {
        this.commands = commands;
    }

    /** The folder the kept links of a repository live in, which the sandbox hides. */
    static Path folderOf(Path gitDir) {
        return gitDir.resolve(FOLDER);
    }

    /** The kept folders of this launcher, each hidden from every command and skipped by walks. */
    static Set<Path> folders() {
        Set<Path> folders = ConcurrentHashMap.newKeySet();
        KEPT.keySet().forEach(gitDir -> folders.add(folderOf(gitDir)));
        return folders;
    }

    /**
     * Keeps each repository (a git folder, {@code .git} or bare, holding {@code objects/}) for one
     * command. A repository that cannot be kept (its folder is on no file system that links) runs the
     * command as before, unprotected.
     */
    static KeptHistory keep(Collection<Path> gitDirs) {
        List<Command> commands = new ArrayList<>();
        for (Path gitDir : gitDirs) {
            if (!Files.isDirectory(gitDir.resolve("objects"), LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                // a repository deleted and made again where it was starts afresh
                KeptRepository repository = KEPT.compute(gitDir, (dir, old) -> old != null && old.usable() ? old
                        : start(dir));
                if (repository != null) {
                    commands.add(new Command(repository, repository.keep()));
                }
            } catch (IOException | RuntimeException e) {
                // nothing kept of it: the command runs as it would have before
            }
        }
        return new KeptHistory(commands);
    }

    private static KeptRepository start(Path gitDir) {
        Path parent = folderOf(gitDir);
        try {
            if (Files.isSymbolicLink(parent) || Files.exists(parent, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isDirectory(parent, LinkOption.NOFOLLOW_LINKS)) {
                return null;
            }
            Files.createDirectories(parent);
            removeAbandoned(parent);
            Path mine = Files.createDirectory(parent.resolve(LAUNCHER + "-" + UUID.randomUUID()));
            return new KeptRepository(gitDir, mine);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Puts back what the command deleted or rewrote of each repository's history, and says so.
     *
     * @param base the folder paths are told relative to
     */
    List<String> restore(Path base) {
        List<String> notices = new ArrayList<>();
        for (Command command : commands) {
            List<String> undone = command.repository().restore(command.before());
            if (!undone.isEmpty()) {
                notices.add("the command deleted or rewrote history of the git repository "
                        + GitRepositories.shown(command.repository().gitDir(), base) + " (" + String.join(", ", undone)
                        + "); it was put back as it was before the command, so no commit of the user's is lost. Ask "
                        + "the user to rewrite or delete history");
            }
        }
        return notices;
    }

    /** Removes every kept link of this launcher, and each kept folder left empty: at exit. */
    static void discardAll() {
        KEPT.keySet().forEach(KeptHistory::discard);
    }

    /** Removes the kept links of one repository, and its kept folder if no other launcher uses it. */
    static void discard(Path gitDir) {
        KeptRepository kept = KEPT.remove(gitDir);
        try {
            if (kept != null) {
                kept.discard();
            }
            Files.deleteIfExists(folderOf(gitDir));
        } catch (IOException e) {
            // another launcher keeps its own links there, or the next one removes these
        }
    }

    /** Removes what launchers no longer running left in a kept folder. */
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
