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
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The refs of a git repository in the files backend, read and written without running git (which
 * would obey what a command left in the repository): loose refs under {@code refs/}, which win over
 * the lines of {@code packed-refs}, and {@code HEAD}. Values are kept as git wrote them: an object
 * id in hex, or {@code ref: <name>} for a symbolic ref.
 */
final class GitRefs {
    private static final Pattern OBJECT_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    private static final long MAX_REF = 4096;

    private GitRefs() {
    }

    /** Every ref by its full name ({@code refs/heads/main}); empty when there are none. */
    static Map<String, String> read(Path gitDir) throws IOException {
        Map<String, String> refs = new TreeMap<>();
        Path packed = gitDir.resolve("packed-refs");
        if (Files.isRegularFile(packed, LinkOption.NOFOLLOW_LINKS)) {
            for (String line : Files.readAllLines(packed, StandardCharsets.ISO_8859_1)) {
                int space = line.indexOf(' ');
                if (!line.startsWith("#") && !line.startsWith("^") && space > 0) {
                    refs.put(line.substring(space + 1).strip(), line.substring(0, space));
                }
            }
        }
        Path loose = gitDir.resolve("refs");
        if (!Files.isDirectory(loose, LinkOption.NOFOLLOW_LINKS)) {
            return refs;
        }
        Files.walkFileTree(loose, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile() && attrs.size() <= MAX_REF) {
                    value(file).ifPresent(value -> refs.put(gitDir.relativize(file).toString(), value));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        return refs;
    }

    /** What {@code HEAD} says, if it is a file git would take (an object id or a ref under {@code refs/}). */
    static Optional<String> head(Path gitDir) throws IOException {
        Path head = gitDir.resolve("HEAD");
        if (!Files.isRegularFile(head, LinkOption.NOFOLLOW_LINKS) || Files.size(head) > MAX_REF) {
            return Optional.empty();
        }
        return value(head).filter(value -> OBJECT_ID.matcher(value).matches() || value.startsWith("ref: refs/"));
    }

    /** Whether the value names an object (rather than another ref). */
    static boolean isObjectId(String value) {
        return OBJECT_ID.matcher(value).matches();
    }

    /** Writes a loose ref (or {@code HEAD}), which git reads before {@code packed-refs}. */
    static void write(Path gitDir, String name, String value) throws IOException {
        Path file = gitDir.resolve(name);
        if (!file.normalize().startsWith(gitDir)) {
            throw new IOException("the ref name " + name + " leaves the repository");
        }
        RealFolders.make(gitDir, file.getParent());
        Path written = Files.writeString(file.resolveSibling(file.getFileName() + ".agentloop-lock"), value + "\n",
                StandardCharsets.ISO_8859_1);
        Files.move(written, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static Optional<String> value(Path file) throws IOException {
        try {
            String text = Files.readString(file, StandardCharsets.ISO_8859_1);
            int end = text.indexOf('\n');
            return Optional.of((end < 0 ? text : text.substring(0, end)).strip());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
