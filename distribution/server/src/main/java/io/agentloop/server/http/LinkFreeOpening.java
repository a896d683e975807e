package io.agentloop.server.http;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * Opens a file of a run's workspace for the server to read without following a symbolic link: the
 * server reads outside any sandbox, and a run's process may swap the file, or a folder on its way,
 * for a link to a file of the server's (a key, a token) after the workspace checked the path. Each
 * name is opened from the folder opened before it ({@link SecureDirectoryStream}: {@code openat}
 * with {@code O_NOFOLLOW}), so a link anywhere on the way is refused, never followed. Where the
 * platform has no such stream (Windows), only a link in place of the file itself is refused.
 */
final class LinkFreeOpening {
    private static final LinkOption[] NO_LINK = {LinkOption.NOFOLLOW_LINKS};

    /** The file is something other than a regular file; the message says what. */
    static final class NotARegularFile extends IOException {
        NotARegularFile(String what) {
            super(what);
        }
    }

    private LinkFreeOpening() {
    }

    /**
     * The file at {@code relative} under {@code folder} (a real path), open to read.
     *
     * @throws java.nio.file.NoSuchFileException when it does not exist
     * @throws NotARegularFile when it, or a folder on its way, is a link, or it is a folder or a device
     * @throws IOException when it cannot be opened
     */
    static SeekableByteChannel open(Path folder, Path relative) throws IOException {
        if (relative.getNameCount() == 0 || relative.isAbsolute() || relative.startsWith("..")
                || relative.toString().isEmpty()) {
            throw new NotARegularFile("it is not a file in the workspace");
        }
        try (DirectoryStream<Path> top = Files.newDirectoryStream(folder)) {
            if (top instanceof SecureDirectoryStream<Path> secure) {
                return open(secure, relative, 0);
            }
        }
        Path file = folder.resolve(relative);
        check(Files.readAttributes(file, BasicFileAttributes.class, NO_LINK));
        return Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    }

    private static SeekableByteChannel open(SecureDirectoryStream<Path> at, Path relative, int index)
            throws IOException {
        Path name = relative.getName(index);
        BasicFileAttributes attributes = at.getFileAttributeView(name, BasicFileAttributeView.class, NO_LINK)
                .readAttributes();
        if (index < relative.getNameCount() - 1) {
            if (!attributes.isDirectory()) {
                throw new NotARegularFile(attributes.isSymbolicLink() ? "a folder on its way is a symbolic link"
                        : "a folder on its way is not a folder");
            }
            try (SecureDirectoryStream<Path> next = at.newDirectoryStream(name, NO_LINK)) {
                return open(next, relative, index + 1);
            }
        }
        check(attributes); // before opening: opening a named pipe would wait for a writer
        return at.newByteChannel(name, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
    }

    private static void check(BasicFileAttributes attributes) throws NotARegularFile {
        if (attributes.isSymbolicLink()) {
            throw new NotARegularFile("it is a symbolic link, which is not followed");
        }
        if (!attributes.isRegularFile()) {
            throw new NotARegularFile("it is not a regular file");
        }
    }
}
