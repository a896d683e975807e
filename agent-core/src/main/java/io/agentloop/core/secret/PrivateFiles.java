package io.agentloop.core.secret;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Folders and files only their user can read ({@code 0700} and {@code 0600} where the file system
 * has POSIX permissions), for what may hold secrets: sessions, configuration, a plugin's data.
 */
public final class PrivateFiles {
    private PrivateFiles() {
    }

    /** Creates {@code folder} (and missing parents) private to the user, unless it exists; returns it. */
    public static Path folder(Path folder) throws IOException {
        if (Files.isDirectory(folder)) {
            return folder;
        }
        if (posix(folder)) {
            return Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
        }
        return Files.createDirectories(folder);
    }

    /** A new empty file in {@code folder}, private to the user: to write whole, then move into place. */
    public static Path tempFile(Path folder, String prefix, String suffix) throws IOException {
        if (posix(folder)) {
            return Files.createTempFile(folder, prefix, suffix, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rw-------")));
        }
        return Files.createTempFile(folder, prefix, suffix);
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
