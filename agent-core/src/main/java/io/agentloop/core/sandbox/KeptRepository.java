package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * One repository's history as it was before a command, kept where the command cannot reach it,
 * and put back after the command where the command deleted or rewrote it. Object files, the index
 * and the reflogs are hard links in a folder the sandbox hides (git never changes an object file,
 * and writes the others anew and renames them into place, so a link keeps the old content and costs
 * no copy); refs and {@code HEAD} are held in memory. After the command: a lost object is linked
 * back (one repacked elsewhere is not), a deleted ref or one moved to a commit that does not descend
 * from its old one ({@link Ancestry}) gets its old value, a missing or broken {@code HEAD}, index or
 * reflog comes back. New objects, new refs and refs moved forward stay.
 */
final class KeptRepository {
    private final Path gitDir;
    private final Path folder;
    /** Each kept file by its path in the repository. */
    private final Map<String, Path> files = new LinkedHashMap<>();
    private final Map<String, String> refs;
    private final Optional<String> head;
    private final List<String> problems = new ArrayList<>();

    private KeptRepository(Path gitDir, Path folder, Map<String, String> refs, Optional<String> head) {
        this.gitDir = gitDir;
        this.folder = folder;
        this.refs = refs;
        this.head = head;
    }

    /** Keeps the repository's history in {@code folder}, an empty folder on the same file system. */
    static KeptRepository keep(Path gitDir, Path folder) throws IOException {
        KeptRepository kept = new KeptRepository(gitDir, folder, GitRefs.read(gitDir), GitRefs.head(gitDir));
        kept.link("objects");
        kept.link("logs");
        kept.link("index");
        return kept;
    }

    Path gitDir() {
        return gitDir;
    }

    Path folder() {
        return folder;
    }

    private void link(String part) throws IOException {
        Path start = gitDir.resolve(part);
        if (!Files.exists(start, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(start, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile()) {
                    Path target = folder.resolve(Integer.toString(files.size()));
                    try {
                        Files.createLink(target, file);
                        files.put(gitDir.relativize(file).toString(), target);
                    } catch (IOException | UnsupportedOperationException e) {
                        problems.add(gitDir.relativize(file) + " could not be kept (" + e.getMessage() + ")");
                        return FileVisitResult.TERMINATE;
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Puts back what the command deleted or rewrote. Returns what was put back, in words for the
     * model ("the ref refs/heads/main", "12 object files"), and what could not be (kept problems
     * first); empty when the history is whole.
     */
    List<String> restore() {
        List<String> undone = new ArrayList<>();
        try {
            int objects = restoreObjects();
            if (objects > 0) {
                undone.add(objects + " object file" + (objects == 1 ? "" : "s"));
            }
            Files.createDirectories(gitDir.resolve("refs"));
            if (head.isPresent() && GitRefs.head(gitDir).isEmpty()) {
                GitRefs.write(gitDir, "HEAD", head.get());
                undone.add("HEAD");
            }
            Map<String, String> now = GitRefs.read(gitDir);
            for (Map.Entry<String, String> ref : refs.entrySet()) {
                String current = now.get(ref.getKey());
                if (current == null || !current.equals(ref.getValue())
                        && !Ancestry.descends(gitDir, ref.getValue(), current)) {
                    GitRefs.write(gitDir, ref.getKey(), ref.getValue());
                    undone.add("the ref " + ref.getKey());
                }
            }
            if (restoreMissing(name -> name.equals("index")) > 0) {
                undone.add("the index");
            }
            int reflogs = restoreMissing(name -> name.startsWith("logs/"));
            if (reflogs > 0) {
                undone.add(reflogs + " reflog file" + (reflogs == 1 ? "" : "s"));
            }
        } catch (IOException | RuntimeException e) {
            undone.add("not all of it could be put back (" + e.getMessage() + ")");
        }
        undone.addAll(problems);
        return undone;
    }

    /**
     * Links back each deleted loose object whose id is nowhere in the object folder now, and each
     * deleted pack one of whose objects is nowhere now; the info files git needs to find objects
     * elsewhere ({@code info/alternates}) come back when deleted.
     */
    private int restoreObjects() throws IOException {
        List<String> missing = files.keySet().stream().filter(name -> name.startsWith("objects/"))
                .filter(name -> !Files.exists(gitDir.resolve(name), LinkOption.NOFOLLOW_LINKS)).toList();
        if (missing.isEmpty()) {
            return 0;
        }
        Set<String> present = StoredObjects.present(gitDir.resolve("objects"));
        Set<String> lostPacks = new TreeSet<>();
        int restored = 0;
        for (String name : missing) {
            Optional<String> id = StoredObjects.looseId(name);
            if (id.isPresent() ? !present.contains(id.get()) : name.equals("objects/info/alternates")) {
                restored += linkBack(name);
            } else if (name.startsWith("objects/pack/pack-") && name.endsWith(".idx")) {
                Optional<Set<String>> ids = StoredObjects.inIndex(files.get(name));
                if (ids.isEmpty() || !present.containsAll(ids.get())) {
                    lostPacks.add(name.substring(0, name.length() - ".idx".length()));
                }
            } else if (name.startsWith("objects/pack/pack-") && name.endsWith(".pack")) {
                String base = name.substring(0, name.length() - ".pack".length());
                Optional<Set<String>> ids = files.containsKey(base + ".idx")
                        ? StoredObjects.inIndex(files.get(base + ".idx")) : Optional.empty();
                if (ids.isEmpty() || !present.containsAll(ids.get())) {
                    lostPacks.add(base);
                }
            }
        }
        for (String name : missing) {
            int dot = name.lastIndexOf('.');
            if (dot > 0 && lostPacks.contains(name.substring(0, dot))) {
                restored += linkBack(name);
            }
        }
        return restored;
    }

    /** Links back every kept file of those named that is missing now. */
    private int restoreMissing(Predicate<String> which) throws IOException {
        int restored = 0;
        for (String name : files.keySet()) {
            if (which.test(name) && !Files.exists(gitDir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                restored += linkBack(name);
            }
        }
        return restored;
    }

    private int linkBack(String name) throws IOException {
        Path target = gitDir.resolve(name);
        Files.createDirectories(target.getParent());
        Files.createLink(target, files.get(name));
        return 1;
    }

    /** Removes the kept links (the repository's own files stay). */
    void discard() throws IOException {
        for (Path link : files.values()) {
            Files.deleteIfExists(link);
        }
        Files.deleteIfExists(folder);
    }
}
