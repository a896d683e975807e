package io.agentloop.launcher;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The project's modules as they are on disk: every folder with a {@code pom.xml} and main sources,
 * found by walking the project rather than listed, so that a module added later is checked by the
 * tests over all modules without anyone remembering to add it.
 */
record ProjectModules(Path root, List<Path> folders) {
    ProjectModules {
        folders = List.copyOf(folders);
    }

    /** The project this build runs in (the {@code agentloop.root} property the build sets). */
    static ProjectModules ofThisBuild() throws IOException {
        Path root = Path.of(System.getProperty("agentloop.root"));
        if (!Files.isRegularFile(root.resolve("dev"))) {
            throw new IllegalStateException("agentloop.root (" + root + ") is not the project's folder: run the "
                    + "tests with ./dev mvn, which sets it");
        }
        return of(root);
    }

    /** The modules under {@code root}: folders holding a {@code pom.xml} and {@code src/main/java}. */
    static ProjectModules of(Path root) throws IOException {
        List<Path> folders = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                if (!dir.equals(root) && (name.startsWith(".") || name.equals("target") || name.equals("src"))) {
                    return FileVisitResult.SKIP_SUBTREE; // build output, tools' folders, and sources
                }
                if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("src/main/java"))) {
                    folders.add(dir);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        folders.sort(null);
        return new ProjectModules(root, folders);
    }

    /** Each module's main Java sources folder. */
    List<Path> mainSources() {
        return folders.stream().map(folder -> folder.resolve("src/main/java")).toList();
    }

    /** A module's name for people: its folder, relative to the project. */
    String name(Path folder) {
        return root.relativize(folder).toString().replace('\\', '/');
    }
}
