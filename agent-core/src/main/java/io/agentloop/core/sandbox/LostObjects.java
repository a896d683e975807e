package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The object files a command deleted whose objects are nowhere in the repository any more, linked
 * back from where they were kept ({@link KeptRepository}). A loose object packed by {@code git gc},
 * or a pack whose every object is in another one now, is not lost and stays deleted; a pack with a
 * lost object comes back whole (its index, reverse index and the like with it), and so does the
 * {@code info/alternates} file git needs to find objects kept elsewhere.
 */
final class LostObjects {
    private final Path gitDir;
    private final Map<String, Map<String, Path>> kept;

    /** @param kept each kept file's link, by its folder (relative to the repository) and name */
    LostObjects(Path gitDir, Map<String, Map<String, Path>> kept) {
        this.gitDir = gitDir;
        this.kept = kept;
    }

    /** Restores what was lost from the object folders named (the others did not change); returns how many files. */
    int restore(Set<String> changed) throws IOException {
        List<String> missing = new ArrayList<>();
        for (String folder : changed) {
            // a folder replaced by a link counts as gone: what it points to vanishes with the sandbox, or later
            boolean real = Files.isDirectory(gitDir.resolve("objects"), LinkOption.NOFOLLOW_LINKS)
                    && Files.isDirectory(gitDir.resolve(folder), LinkOption.NOFOLLOW_LINKS);
            for (String name : kept.getOrDefault(folder, Map.of()).keySet()) {
                String path = folder + "/" + name;
                if (path.startsWith("objects/")
                        && (!real || !Files.exists(gitDir.resolve(path), LinkOption.NOFOLLOW_LINKS))) {
                    missing.add(path);
                }
            }
        }
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
            } else if (name.startsWith("objects/pack/pack-") && (name.endsWith(".idx") || name.endsWith(".pack"))) {
                String base = name.substring(0, name.lastIndexOf('.'));
                Optional<Set<String>> ids = link(base + ".idx").isPresent()
                        ? StoredObjects.inIndex(link(base + ".idx").get()) : Optional.empty();
                if (ids.isEmpty() || !present.containsAll(ids.get())) {
                    lostPacks.add(base);
                }
            }
        }
        for (String name : missing) {
            int dot = name.lastIndexOf('.');
            if (dot > 0 && name.startsWith("objects/pack/") && lostPacks.contains(name.substring(0, dot))) {
                restored += linkBack(name);
            }
        }
        return restored;
    }

    private Optional<Path> link(String path) {
        int slash = path.lastIndexOf('/');
        Map<String, Path> in = kept.getOrDefault(path.substring(0, slash), Map.of());
        return Optional.ofNullable(in.get(path.substring(slash + 1)));
    }

    private int linkBack(String path) throws IOException {
        Path target = gitDir.resolve(path);
        RealFolders.make(gitDir, target.getParent());
        Files.createLink(target, link(path).orElseThrow());
        return 1;
    }
}
