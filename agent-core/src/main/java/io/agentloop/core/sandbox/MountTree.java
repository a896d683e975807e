package io.agentloop.core.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The mounts bubblewrap builds beneath the read-only root, {@code /tmp} and {@code /run}, composed
 * as one tree so that any layout of the user's folders starts: a data folder holding the sessions
 * folder, a configuration folder inside the data folder, a hidden path behind a link, one folder
 * named twice, the workspace inside a hidden folder.
 *
 * <p>Each kind of mount has a rank, the order {@link Bubblewrap} always laid them in: what ranks
 * higher wins over what lies inside it ({@link Kind}). Every path is taken as the kernel sees it
 * (links followed), and a mount inside one that wins over it is dropped: it would be invisible, and
 * inside a hidden folder, a read-only tmpfs, its mount point could not even be made. The rest is
 * mounted outer first, so that each mount point is made while the folder holding it is still
 * writable, and the hidden folders are made read-only last. One exception to the ranks: a
 * writable folder inside a hidden one (a served run's workspace in the data folder) is shown, alone,
 * with what lies inside it as in any workspace; the rest of the hidden folder stays empty.
 */
final class MountTree {
    /** Kinds of mount, in rank order: a mount covers the lower-ranked ones inside it. */
    enum Kind {
        /** A folder of which only the writable and read-only folders inside are shown. */
        ENCLOSING,
        WRITABLE,
        READ_ONLY,
        /** The platform's instructions, read-only where they lie in the workspace. */
        KEPT,
        /** A git repository, writable, as a mount point of its own. */
        REPOSITORY,
        /** What git obeys in a repository (or a {@code .git} file), read-only. */
        REPOSITORY_PART,
        HIDDEN;

        private int rank() {
            return this == REPOSITORY_PART ? REPOSITORY.ordinal() : ordinal();
        }
    }

    private record Mount(Kind kind, Path path, boolean folder) {
    }

    /** Folders the sandbox replaces with an empty tmpfs before this tree: nothing in them is seen unless shown. */
    private final List<Path> replaced;
    private final Map<Path, Mount> requested = new LinkedHashMap<>();
    private final List<Mount> enclosing = new ArrayList<>();

    MountTree(List<Path> replaced) {
        this.replaced = List.copyOf(replaced);
    }

    /**
     * Asks for a mount at {@code path} (nothing when it does not exist). One path asked for twice is
     * mounted once, as the higher-ranked kind.
     */
    MountTree add(Kind kind, Path path) {
        canonical(path).ifPresent(real -> {
            Mount mount = new Mount(kind, real, Files.isDirectory(real));
            if (kind == Kind.ENCLOSING) {
                if (mount.folder()) {
                    enclosing.add(mount);
                }
                return;
            }
            requested.merge(real, mount, (old, asked) -> asked.kind().rank() >= old.kind().rank() ? asked : old);
        });
        return this;
    }

    /** The bwrap arguments that make the tree: outer mounts first, hidden and enclosing folders read-only last. */
    List<String> arguments() {
        List<Mount> all = new ArrayList<>(enclosing);
        all.addAll(requested.values());
        List<Path> writable = all.stream().filter(m -> m.kind() == Kind.WRITABLE && !covered(m, List.of(m.path())))
                .map(Mount::path).toList();
        List<Path> shown = new ArrayList<>(writable);
        all.stream().filter(m -> m.kind() == Kind.READ_ONLY && m.folder()).map(Mount::path).forEach(shown::add);
        List<Mount> mounted = all.stream().filter(m -> !covered(m, writable) && visible(m, shown))
                .sorted(Comparator.comparingInt((Mount m) -> m.path().getNameCount())
                        .thenComparingInt(m -> m.kind().rank()))
                .toList();
        List<String> args = new ArrayList<>();
        List<String> readOnlyLast = new ArrayList<>();
        for (Mount mount : mounted) {
            String path = mount.path().toString();
            switch (mount.kind()) {
                case ENCLOSING -> {
                    args.addAll(List.of("--tmpfs", path));
                    readOnlyLast.addAll(List.of("--remount-ro", path));
                }
                case WRITABLE, REPOSITORY -> args.addAll(List.of("--bind", path, path));
                case READ_ONLY, KEPT, REPOSITORY_PART -> args.addAll(List.of("--ro-bind", path, path));
                case HIDDEN -> {
                    if (mount.folder()) {
                        args.addAll(List.of("--tmpfs", path));
                        readOnlyLast.addAll(List.of("--remount-ro", path));
                    } else {
                        args.addAll(List.of("--ro-bind", "/dev/null", path));
                    }
                }
            }
        }
        args.addAll(readOnlyLast);
        return args;
    }

    /**
     * Whether a mount lies in one that wins over it: a higher-ranked mount at or around its path, or
     * a hidden folder around another hidden path (the outer one already hides it). A hidden folder
     * does not cover a shown writable folder inside it, nor what lies inside that (two paths named
     * alike were made one mount in {@link #add}, so a hidden folder here is strictly around).
     */
    private boolean covered(Mount mount, List<Path> writable) {
        // walks up the path rather than over every mount: a workspace may hold thousands of secret files
        for (Path around = mount.path(); around != null; around = around.getParent()) {
            for (Mount outer : mountsAt(around)) {
                if (outer != mount && wins(outer, mount) && !(outer.kind() == Kind.HIDDEN && writable.stream()
                        .anyMatch(folder -> folder.startsWith(outer.path()) && mount.path().startsWith(folder)))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean wins(Mount outer, Mount inner) {
        return outer.kind().rank() > inner.kind().rank() || outer.kind() == Kind.HIDDEN && inner.kind() == Kind.HIDDEN;
    }

    private List<Mount> mountsAt(Path path) {
        List<Mount> found = new ArrayList<>(2);
        Optional.ofNullable(requested.get(path)).ifPresent(found::add);
        enclosing.stream().filter(e -> e.path().equals(path)).forEach(found::add);
        return found;
    }

    /**
     * Under a replaced or enclosing folder only the writable and read-only folders exist: anything
     * else there is unseen already, and its mount point could not be made in a read-only tmpfs.
     */
    private boolean visible(Mount mount, List<Path> shown) {
        if (mount.kind() == Kind.WRITABLE || mount.kind() == Kind.READ_ONLY || mount.kind() == Kind.ENCLOSING) {
            return true;
        }
        boolean inEmpty = replaced.stream().anyMatch(mount.path()::startsWith)
                || enclosing.stream().anyMatch(e -> mount.path().startsWith(e.path()));
        return !inEmpty || shown.stream().anyMatch(mount.path()::startsWith);
    }

    /** The path with every link followed, as the kernel mounts it; none when nothing is there. */
    private static Optional<Path> canonical(Path path) {
        try {
            return Optional.of(path.toRealPath());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
