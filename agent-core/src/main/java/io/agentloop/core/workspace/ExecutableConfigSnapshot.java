package io.agentloop.core.workspace;

import io.agentloop.api.tool.Workspace;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The files of {@link ExecutableConfig}'s list as they were at one moment, with their content, so
 * that a change is found by comparing two snapshots and can be undone. Taken of the whole workspace
 * around a command (which may change anything), or of the paths a file tool names.
 *
 * @param files each file by its canonical path
 */
public record ExecutableConfigSnapshot(Map<Path, Kept> files) {
    private static final int MAX_ENTRIES = 1_000_000;
    private static final long MAX_KEPT = 1 << 20;
    /** Inside a {@code .git} folder, where a half-done sequence waits with its todo (and each worktree's). */
    private static final List<String> GIT_TODOS = List.of("rebase-merge/git-rebase-todo", "sequencer/todo");

    public ExecutableConfigSnapshot {
        files = Map.copyOf(files);
    }

    /**
     * One file: its content (null when larger than a megabyte, then only its size and time tell a
     * change), the target of a link, and whether it is executable.
     */
    public record Kept(byte[] content, String link, long size, long modified, boolean executable) {
        boolean same(Kept other) {
            return Objects.equals(link, other.link) && executable == other.executable && size == other.size
                    && (content == null || other.content == null ? modified == other.modified
                    : Arrays.equals(content, other.content));
        }
    }

    /** Every listed file in the workspace's folders. */
    public static ExecutableConfigSnapshot of(Workspace workspace) throws IOException {
        Map<Path, Kept> files = new TreeMap<>();
        for (Path folder : ExecutableConfig.folders(workspace)) {
            walk(folder, files);
        }
        return new ExecutableConfigSnapshot(files);
    }

    /** The listed ones among these canonical paths (what a file tool is about to write). */
    public static ExecutableConfigSnapshot of(Collection<Path> paths, Workspace workspace) throws IOException {
        Map<Path, Kept> files = new TreeMap<>();
        for (Path path : paths) {
            if (ExecutableConfig.of(path, workspace).isPresent()) {
                kept(path).ifPresent(kept -> files.put(path, kept));
            }
        }
        return new ExecutableConfigSnapshot(files);
    }

    /** The paths whose file differs in {@code after}: made, changed or removed. */
    public List<Path> changedIn(ExecutableConfigSnapshot after) {
        List<Path> changed = new ArrayList<>();
        for (Map.Entry<Path, Kept> file : after.files.entrySet()) {
            Kept was = files.get(file.getKey());
            if (was == null || !was.same(file.getValue())) {
                changed.add(file.getKey());
            }
        }
        files.keySet().stream().filter(path -> !after.files.containsKey(path)).forEach(changed::add);
        changed.sort(null);
        return changed;
    }

    /**
     * Puts {@code path} back as this snapshot has it: written back, or removed when it was not there.
     *
     * @throws IOException when it cannot be, or was too large to keep
     */
    public void restore(Path path) throws IOException {
        Kept was = files.get(path);
        if (was != null && was.link == null && was.content == null) {
            throw new IOException(path + " is larger than a megabyte, and was not kept to be put back");
        }
        Files.deleteIfExists(path);
        if (was == null) {
            return;
        }
        Files.createDirectories(path.getParent());
        if (was.link != null) {
            Files.createSymbolicLink(path, Path.of(was.link));
        } else {
            Files.write(path, was.content);
            path.toFile().setExecutable(was.executable, false);
        }
    }

    private static void walk(Path folder, Map<Path, Kept> files) throws IOException {
        int[] seen = {0};
        Files.walkFileTree(folder, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                count();
                String name = dir.equals(folder) ? "" : dir.getFileName().toString();
                if (name.equals(".git")) {
                    gitTodos(folder, dir, files);
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return name.equals("node_modules") ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                count();
                if (!attrs.isDirectory() && ExecutableConfig.runBy(folder.relativize(file).toString()).isPresent()) {
                    kept(file).ifPresent(kept -> files.put(file, kept));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // what this user cannot read, their tools cannot run either
            }

            private void count() throws IOException {
                if (++seen[0] > MAX_ENTRIES) {
                    throw new IOException("the folder " + folder + " holds more than " + MAX_ENTRIES + " files and "
                            + "folders, too many to search for files other programs run");
                }
            }
        });
    }

    private static void gitTodos(Path folder, Path git, Map<Path, Kept> files) throws IOException {
        List<Path> gitFolders = new ArrayList<>(List.of(git));
        if (Files.isDirectory(git.resolve("worktrees"), LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> worktrees = Files.newDirectoryStream(git.resolve("worktrees"))) {
                worktrees.forEach(gitFolders::add);
            }
        }
        for (Path gitFolder : gitFolders) {
            for (String todo : GIT_TODOS) {
                Path file = gitFolder.resolve(todo);
                if (ExecutableConfig.runBy(folder.relativize(file).toString()).isPresent()) {
                    kept(file).ifPresent(kept -> files.put(file, kept));
                }
            }
        }
    }

    private static Optional<Kept> kept(Path file) throws IOException {
        try {
            BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attrs.isSymbolicLink()) {
                return Optional.of(new Kept(null, Files.readSymbolicLink(file).toString(), 0, 0, false));
            }
            if (!attrs.isRegularFile()) {
                return Optional.empty();
            }
            byte[] content = attrs.size() > MAX_KEPT ? null : Files.readAllBytes(file);
            return Optional.of(new Kept(content, null, attrs.size(), attrs.lastModifiedTime().toMillis(),
                    Files.isExecutable(file)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
