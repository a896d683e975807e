package io.agentloop.tools.file;

import io.agentloop.api.tool.Workspace;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Walks a folder of the workspace for {@code glob} and {@code grep}: skips what the workspace does
 * not permit (protected folders and files), folders that hold generated or fetched files rather
 * than the user's own ({@code node_modules}, {@code target}, ...), and does not follow links.
 * Stops when the visitor says so.
 */
final class TreeWalk {
    static final Set<String> IGNORED_FOLDERS = Set.of(".git", ".hg", ".svn", "node_modules", "target", "build",
            ".gradle", ".idea", ".vscode", "dist", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache",
            ".pytest_cache", ".next", ".cache");

    private TreeWalk() {
    }

    /** Visits each regular file under {@code start} until {@code visitor} returns false. */
    static void files(Path start, Workspace workspace, Predicate<Path> visitor) throws IOException {
        Files.walkFileTree(start, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (!dir.equals(start) && (IGNORED_FOLDERS.contains(dir.getFileName().toString())
                        || !workspace.permits(dir))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (!attrs.isRegularFile() || !workspace.permits(file)) {
                    return FileVisitResult.CONTINUE;
                }
                return visitor.test(file) ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
