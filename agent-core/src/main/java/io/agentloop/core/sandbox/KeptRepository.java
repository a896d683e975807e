package io.agentloop.core.sandbox;

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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One repository's history kept by this launcher, where commands cannot reach it, and put back
 * after a command where the command deleted or rewrote it. Object files, the index and the reflogs
 * are hard links in a folder the sandbox hides (git never changes an object file, and writes the
 * others anew and renames them into place, so a link keeps the old content and costs no copy);
 * refs and {@code HEAD} are read before each command and held in memory.
 *
 * <p>The object links stay from one command to the next, so a command costs a look at the object
 * folders' modification times, not a link per object: only a folder that changed since it was last
 * read is read again (its new files linked, the links of files gone dropped). A time too recent to
 * be trusted (a change in the same clock tick would not show) is not recorded, so that folder is
 * read again next time, as git does with a racily clean index.
 */
final class KeptRepository {
    private static final long RACY_NANOS = 2_000_000_000L;

    private final Path gitDir;
    private final Path folder;
    /** Each kept file's link, by the file's folder (relative to the repository) and name. */
    private final Map<String, Map<String, Path>> files = new HashMap<>();
    /** The modification time of each object folder when it was last read in full. */
    private final Map<String, Long> read = new HashMap<>();
    private long links;

    /** What a command found before it ran. */
    record Before(Map<String, String> refs, Optional<String> head, Map<String, Long> times) {
    }

    KeptRepository(Path gitDir, Path folder) {
        this.gitDir = gitDir;
        this.folder = folder;
    }

    Path gitDir() {
        return gitDir;
    }

    /** Whether the kept folder is still there (the repository was not deleted and made again meanwhile). */
    boolean usable() {
        return Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS);
    }

    /** Brings the kept links up to date with the repository and notes its refs, before a command. */
    synchronized Before keep() throws IOException {
        Map<String, Long> times = objectFolders();
        for (Map.Entry<String, Long> now : times.entrySet()) {
            if (!now.getValue().equals(read.get(now.getKey()))) {
                sync(now.getKey(), now.getValue());
            }
        }
        for (String gone : new ArrayList<>(read.keySet())) {
            if (!times.containsKey(gone)) {
                sync(gone, null);
            }
        }
        relink("index");
        relinkLogs();
        return new Before(GitRefs.read(gitDir), GitRefs.head(gitDir), times);
    }

    /** The object folders ({@code objects}, {@code objects/ab}, {@code objects/pack}...) with their times. */
    private Map<String, Long> objectFolders() throws IOException {
        Map<String, Long> times = new TreeMap<>();
        Path objects = gitDir.resolve("objects");
        time(objects).ifPresent(time -> times.put("objects", time));
        if (times.isEmpty()) {
            return times;
        }
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(objects)) {
            for (Path path : folders) {
                String name = "objects/" + path.getFileName();
                time(path).ifPresent(time -> times.put(name, time));
            }
        }
        return times;
    }

    private static Optional<Long> time(Path path) throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isDirectory()) {
                return Optional.empty();
            }
            java.time.Instant modified = attributes.lastModifiedTime().toInstant();
            return Optional.of(modified.getEpochSecond() * 1_000_000_000L + modified.getNano());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /** Reads one object folder in full: links what is new, drops the links of what is gone. */
    private void sync(String name, Long time) throws IOException {
        Map<String, Path> kept = files.computeIfAbsent(name, n -> new HashMap<>());
        Set<String> present = names(gitDir.resolve(name));
        for (String file : present) {
            if (!kept.containsKey(file)) {
                Path link = folder.resolve(Long.toString(links++));
                Files.createLink(link, gitDir.resolve(name).resolve(file));
                kept.put(file, link);
            }
        }
        for (String file : new ArrayList<>(kept.keySet())) {
            if (!present.contains(file)) {
                Files.deleteIfExists(kept.remove(file));
            }
        }
        long now = System.currentTimeMillis() * 1_000_000L;
        if (time == null) {
            read.remove(name);
            files.remove(name);
        } else if (now - time > RACY_NANOS) {
            read.put(name, time);
        } else {
            read.remove(name);
        }
    }

    /** The regular files directly in a folder, by name; none when it is gone. */
    private static Set<String> names(Path path) throws IOException {
        Set<String> names = new HashSet<>();
        if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            return names;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
            for (Path entry : entries) {
                if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    names.add(entry.getFileName().toString());
                }
            }
        }
        return names;
    }

    /** Links the file as it is now in place of the kept one (git replaces these files whole). */
    private void relink(String name) throws IOException {
        Path file = gitDir.resolve(name);
        Path parent = file.getParent();
        String in = gitDir.relativize(parent).toString();
        Map<String, Path> kept = files.computeIfAbsent(in.isEmpty() ? "." : in, n -> new HashMap<>());
        Path old = kept.remove(file.getFileName().toString());
        if (old != null) {
            Files.deleteIfExists(old);
        }
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            Path link = folder.resolve(Long.toString(links++));
            Files.createLink(link, file);
            kept.put(file.getFileName().toString(), link);
        }
    }

    private void relinkLogs() throws IOException {
        Path logs = gitDir.resolve("logs");
        for (String name : new ArrayList<>(files.keySet())) {
            if (name.equals("logs") || name.startsWith("logs/")) {
                files.remove(name).values().forEach(link -> link.toFile().delete());
            }
        }
        if (!Files.isDirectory(logs, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<String> found = new ArrayList<>();
        Files.walkFileTree(logs, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile()) {
                    found.add(gitDir.relativize(file).toString());
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        for (String name : found) {
            relink(name);
        }
    }

    /**
     * Puts back what the command deleted or rewrote since {@code before}. Returns what was put back,
     * in words for the model ("the ref refs/heads/main", "12 object files"); empty when the history
     * is whole.
     */
    synchronized List<String> restore(Before before) {
        List<String> undone = new ArrayList<>();
        try {
            int objects = new LostObjects(gitDir, files).restore(changedSince(before.times()));
            if (objects > 0) {
                undone.add(objects + " object file" + (objects == 1 ? "" : "s"));
            }
        } catch (IOException | RuntimeException e) {
            undone.add("not every object file could be put back (" + e.getMessage() + ")");
        }
        try {
            RealFolders.make(gitDir, gitDir.resolve("refs"));
            if (before.head().isPresent() && GitRefs.head(gitDir).isEmpty()) {
                GitRefs.write(gitDir, "HEAD", before.head().get());
                undone.add("HEAD");
            }
            restoreRefs(before.refs(), undone);
        } catch (IOException | RuntimeException e) {
            undone.add("not every ref could be put back (" + e.getMessage() + ")");
        }
        try {
            if (linkBackMissing(name -> name.equals("index")) > 0) {
                undone.add("the index");
            }
            int reflogs = linkBackMissing(name -> name.startsWith("logs/"));
            if (reflogs > 0) {
                undone.add(reflogs + " reflog file" + (reflogs == 1 ? "" : "s"));
            }
        } catch (IOException | RuntimeException e) {
            undone.add("not every reflog could be put back (" + e.getMessage() + ")");
        }
        return undone;
    }

    /** Each ref deleted, or moved to a commit that does not descend from its old one, gets its old value. */
    private void restoreRefs(Map<String, String> before, List<String> undone) throws IOException {
        Map<String, String> now = GitRefs.read(gitDir);
        for (Map.Entry<String, String> ref : before.entrySet()) {
            String current = now.get(ref.getKey());
            if (current == null || !current.equals(ref.getValue())
                    && !Ancestry.descends(gitDir, ref.getValue(), current)) {
                try {
                    GitRefs.write(gitDir, ref.getKey(), ref.getValue());
                    undone.add("the ref " + ref.getKey());
                } catch (IOException e) {
                    undone.add("the ref " + ref.getKey() + " could not be put back to " + ref.getValue() + " ("
                            + e.getMessage() + ")");
                }
            }
        }
    }

    /** The object folders whose time is not what it was before the command, or that are gone. */
    private Set<String> changedSince(Map<String, Long> before) throws IOException {
        Map<String, Long> now = objectFolders();
        Set<String> changed = new HashSet<>();
        before.forEach((name, time) -> {
            if (!time.equals(now.get(name)) || !read.containsKey(name)) {
                changed.add(name);
            }
        });
        return changed;
    }

    /** Links back each kept file outside the objects, of those named, that is missing now. */
    private int linkBackMissing(java.util.function.Predicate<String> which) throws IOException {
        int restored = 0;
        for (Map.Entry<String, Map<String, Path>> in : files.entrySet()) {
            for (Map.Entry<String, Path> file : in.getValue().entrySet()) {
                String name = in.getKey().equals(".") ? file.getKey() : in.getKey() + "/" + file.getKey();
                if (which.test(name) && !Files.exists(gitDir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                    RealFolders.make(gitDir, gitDir.resolve(name).getParent());
                    Files.createLink(gitDir.resolve(name), file.getValue());
                    restored++;
                }
            }
        }
        return restored;
    }

    /** Removes every kept link and the folder (the repository's own files stay). */
    synchronized void discard() throws IOException {
        for (Map<String, Path> in : files.values()) {
            for (Path link : in.values()) {
                Files.deleteIfExists(link);
            }
        }
        files.clear();
        read.clear();
        Files.deleteIfExists(folder);
    }
}
