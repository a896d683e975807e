package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The git repositories in the folders commands may change, and what of them runs on the host:
 * git runs a repository's hooks and the programs its configuration names ({@code core.fsmonitor},
 * {@code core.hooksPath}, pagers, filters...) the next time the user runs git there, outside any
 * sandbox. Before a command the sandbox snapshots every repository ({@link #of}) and keeps those
 * parts read-only and each repository where it is (see {@link Bubblewrap}); after it, a fresh walk is
 * compared with the snapshot ({@link #check}): a repository that is new (a {@code git init}, a
 * planted {@code .git} file pointing elsewhere, a folder moved into place) is put out of action,
 * and a part that appeared or changed is moved aside and what was there restored. Each is told to
 * the model, which can ask the user to do it instead.
 */
final class GitRepositories {
    /** What of a repository git obeys: its configuration, hooks, where its common folder is, and HEAD. */
    static final List<String> PARTS = List.of("config", "config.worktree", "commondir", "gitdir", "hooks", "info");
    static final String ASIDE = ".agentloop-disabled";
    private static final long MAX_KEPT = 1 << 20;

    /** How a repository is found: a {@code .git} folder, a {@code .git} file or link, or a folder git takes as one. */
    enum Shape { GIT_FOLDER, GIT_FILE, BARE }

    /**
     * One repository as a command found it.
     *
     * @param key   the file system's identity of its folder or file, to recognise a repository moved whole
     * @param parts each part's files by relative path, with their content: what git would obey
     */
    record Repository(Path path, Shape shape, Object key, Map<String, Map<String, String>> parts) {
    }

    private GitRepositories() {
    }

    /** The repositories of one walk's findings, by path. */
    static Map<Path, Repository> of(List<SecretLocations.Found> walks) throws IOException {
        Map<Path, Repository> found = new TreeMap<>();
        for (SecretLocations.Found walk : walks) {
            for (Path entry : walk.gitEntries()) {
                Shape shape = Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS) ? Shape.GIT_FOLDER : Shape.GIT_FILE;
                snapshot(entry, shape).ifPresent(repository -> found.put(entry, repository));
            }
            for (Path folder : walk.headFolders()) {
                if (!found.containsKey(folder) && !folder.getFileName().toString().equals(".git")
                        && looksLikeRepository(folder)) {
                    snapshot(folder, Shape.BARE).ifPresent(repository -> found.put(folder, repository));
                }
            }
        }
        return found;
    }

    /** git's own test: a HEAD beside {@code objects/} and {@code refs/}, or beside a {@code commondir} file. */
    private static boolean looksLikeRepository(Path folder) {
        return Files.isRegularFile(folder.resolve("commondir"), LinkOption.NOFOLLOW_LINKS)
                || (Files.isDirectory(folder.resolve("objects")) && Files.isDirectory(folder.resolve("refs")));
    }

    private static Optional<Repository> snapshot(Path path, Shape shape) throws IOException {
        try {
            Object key = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
            Map<String, Map<String, String>> parts = new TreeMap<>();
            if (shape == Shape.GIT_FILE) {
                parts.put("", contents(path));
            } else {
                for (String part : PARTS) {
                    parts.put(part, contents(path.resolve(part)));
                }
                parts.put("HEAD", Files.exists(path.resolve("HEAD"), LinkOption.NOFOLLOW_LINKS) ? Map.of("", "present")
                        : Map.of());
            }
            return Optional.of(new Repository(path, shape, key, parts));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** Every file under {@code path} (or the file itself, under "") with its content or link target. */
    private static Map<String, String> contents(Path path) throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return files;
        }
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = path.relativize(dir).toString();
                files.put(name.isEmpty() ? "" : name + "/", "folder");
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                String name = path.relativize(file).toString();
                if (attrs.isSymbolicLink()) {
                    files.put(name, "link " + Files.readSymbolicLink(file));
                } else if (attrs.isRegularFile() && attrs.size() > MAX_KEPT) {
                    // Too big to keep for putting back (and a command could make one to exhaust memory): its
                    // size and time still show a change.
                    files.put(name, "large " + attrs.size() + " " + attrs.lastModifiedTime().toMillis() + " "
                            + attrs.fileKey());
                } else if (attrs.isRegularFile()) {
                    files.put(name, (Files.isExecutable(file) ? "x " : "- ")
                            + new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
                } else {
                    files.put(name, "special");
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                files.put(path.relativize(file).toString(), "unreadable");
                return FileVisitResult.CONTINUE;
            }
        });
        return files;
    }

    /**
     * Compares the repositories after a command with those before it, undoes what the command did
     * to them, and says what was undone (one sentence each, for the model). A repository moved whole
     * (its folder renamed, unchanged) is left where it is.
     *
     * @param base the folder paths are told relative to
     */
    static List<String> check(Map<Path, Repository> before, Map<Path, Repository> after, Path base) {
        return check(before, after, base, "the command");
    }

    /**
     * As above, for whatever changed the folders: {@code actor} names it in the sentences ("the
     * command", "the call"). A repository put out of action before (its HEAD aside) whose HEAD is
     * back is put out of action again, also when it was there before: whatever wrote that HEAD, and
     * when, a check did not see it come back.
     */
    static List<String> check(Map<Path, Repository> before, Map<Path, Repository> after, Path base, String actor) {
        List<String> notices = new ArrayList<>();
        List<Repository> moved = before.values().stream().filter(r -> !after.containsKey(r.path())).toList();
        for (Repository now : after.values().stream().sorted(Comparator.comparing(Repository::path)).toList()) {
            Repository was = before.get(now.path());
            try {
                if (was == null) {
                    boolean wholeMove = moved.stream().anyMatch(r -> Objects.equals(r.key(), now.key())
                            && r.parts().equals(now.parts()));
                    if (!wholeMove) {
                        notices.add(disable(now, base, actor + " made a git repository at "));
                    }
                } else if (revived(now)) {
                    notices.add(disable(now, base, "a git repository put out of action before came back at "));
                } else if (!was.parts().equals(now.parts())) {
                    notices.addAll(restore(was, now, base, actor));
                }
            } catch (IOException e) {
                notices.add("the git repository " + shown(now.path(), base) + " was changed by " + actor + " and could "
                        + "not be put back (" + e.getMessage() + "): tell the user, whose git would run what it "
                        + "now holds");
            }
        }
        return notices;
    }

    /** Whether the repository holds the HEAD an earlier check put aside, and a HEAD again. */
    private static boolean revived(Repository repository) {
        return repository.shape() != Shape.GIT_FILE
                && Files.exists(repository.path().resolve("HEAD" + ASIDE), LinkOption.NOFOLLOW_LINKS)
                && Files.exists(repository.path().resolve("HEAD"), LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * A new repository stops being one: its HEAD is moved aside, and a {@code .git} entry renamed.
     * The HEAD kept aside marks it for good (see {@link #revived}).
     */
    private static String disable(Repository repository, Path base, String lead) throws IOException {
        Path path = repository.path();
        if (repository.shape() != Shape.GIT_FILE && Files.exists(path.resolve("HEAD"), LinkOption.NOFOLLOW_LINKS)) {
            aside(path.resolve("HEAD"));
        }
        Path now = repository.shape() == Shape.BARE ? path : aside(path);
        return lead + shown(path, base) + "; it was put out of action ("
                + (repository.shape() == Shape.BARE ? "its HEAD renamed" : "renamed to " + shown(now, base))
                + "), because git would run its hooks and configured programs outside the sandbox. Ask the user to "
                + "create, clone or restore repositories";
    }

    /** Each part that differs is moved aside, and what was there before is written back. */
    private static List<String> restore(Repository was, Repository now, Path base, String actor) throws IOException {
        List<String> notices = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> part : was.parts().entrySet()) {
            Map<String, String> current = now.parts().getOrDefault(part.getKey(), Map.of());
            if (current.equals(part.getValue())) {
                continue;
            }
            Path path = part.getKey().isEmpty() ? now.path() : now.path().resolve(part.getKey());
            if (!current.isEmpty()) {
                aside(path);
            }
            if (!part.getValue().isEmpty() && !part.getKey().equals("HEAD")) {
                write(path, part.getValue());
            }
            notices.add(actor + " changed " + shown(path, base) + ", which git obeys outside the sandbox; "
                    + (part.getValue().isEmpty() ? "it was moved aside" : "it was put back as it was")
                    + ". Ask the user to change git's configuration or hooks");
        }
        return notices;
    }

    private static void write(Path path, Map<String, String> files) throws IOException {
        for (Map.Entry<String, String> file : new LinkedHashMap<>(files).entrySet()) {
            Path target = file.getKey().isEmpty() ? path : path.resolve(file.getKey());
            String value = file.getValue();
            if (value.equals("folder")) {
                Files.createDirectories(target);
            } else if (value.startsWith("link ")) {
                Files.createDirectories(target.getParent());
                Files.createSymbolicLink(target, Path.of(value.substring(5)));
            } else if (value.startsWith("x ") || value.startsWith("- ")) {
                Files.createDirectories(target.getParent());
                Files.write(target, value.substring(2).getBytes(StandardCharsets.ISO_8859_1));
                target.toFile().setExecutable(value.startsWith("x "), false);
            }
        }
    }

    /** Renames to a free name beside it ending in {@link #ASIDE}. */
    static Path aside(Path path) throws IOException {
        Path target = path.resolveSibling(path.getFileName() + ASIDE);
        for (int i = 2; Files.exists(target, LinkOption.NOFOLLOW_LINKS); i++) {
            target = path.resolveSibling(path.getFileName() + ASIDE + "-" + i);
        }
        return Files.move(path, target);
    }

    static String shown(Path path, Path base) {
        return path.startsWith(base) && !path.equals(base) ? base.relativize(path).toString() : path.toString();
    }
}
