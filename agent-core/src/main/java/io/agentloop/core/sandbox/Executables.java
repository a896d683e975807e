package io.agentloop.core.sandbox;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds a program on the {@code PATH} or in the usual system folders, without starting anything. */
final class Executables {
    /** Where the system's own programs are: folders only an administrator can write. */
    static final List<String> SYSTEM_FOLDERS = List.of("/usr/bin", "/bin", "/usr/local/bin", "/usr/sbin", "/sbin");

    private Executables() {
    }

    /**
     * A program from the system's folders alone, never from the {@code PATH}: the {@code PATH} may
     * hold a folder commands can write (a virtualenv's {@code bin}, {@code node_modules/.bin}, a
     * relative entry), and the program found there would run, unconfined, at the next start.
     */
    static Optional<Path> inSystemFolders(String name) {
        return SYSTEM_FOLDERS.stream().map(dir -> Path.of(dir, name))
                .filter(candidate -> Files.isRegularFile(candidate) && Files.isExecutable(candidate)).findFirst();
    }

    static Optional<Path> find(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        dirs.addAll(SYSTEM_FOLDERS);
        for (String dir : dirs) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
