package io.agentloop.tools.file;

import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * Reading and writing text files the way the file tools need: binary files are recognised (a NUL
 * byte or bytes that are not UTF-8 in the first 8 KiB), and writes replace the file atomically
 * (temporary file in the same folder, forced to disk, renamed over the target), so a reader or a
 * crash never sees half a file.
 */
final class TextFiles {
    static final int SNIFF_BYTES = 8192;
    static final String SPECIAL_FILE = "special_file";

    private TextFiles() {
    }

    /** Why the file is not text, or empty when it looks like UTF-8 text. */
    static Optional<String> binaryReason(Workspace workspace, Path file) throws IOException {
        byte[] head;
        try (InputStream in = PinnedFolders.open(workspace, file)) {
            head = in.readNBytes(SNIFF_BYTES);
        }
        for (byte b : head) {
            if (b == 0) {
                return Optional.of("is a binary file (it contains NUL bytes)");
            }
        }
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.wrap(head);
        try {
            decoder.decode(bytes);
        } catch (CharacterCodingException e) {
            // A multi-byte character cut by the sample's end is fine; anything earlier is not text.
            int valid = validPrefix(head);
            if (head.length < SNIFF_BYTES || head.length - valid > 3) {
                return Optional.of("is not UTF-8 text (a binary file?)");
            }
        }
        return Optional.empty();
    }

    private static int validPrefix(byte[] head) {
        for (int cut = head.length; cut > head.length - 4 && cut > 0; cut--) {
            try {
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(head, 0, cut));
                return cut;
            } catch (CharacterCodingException e) {
                // try a shorter prefix
            }
        }
        return 0;
    }

    /**
     * Replaces {@code file} with {@code content} atomically, creating missing parent folders, by
     * path: only where folders cannot be opened relative to each other (see {@link PinnedFolders}).
     */
    static void writeAtomically(Path file, String content) throws IOException {
        Path folder = file.getParent();
        Files.createDirectories(folder);
        Path temp = Files.createTempFile(folder, "." + file.getFileName() + ".", ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = StandardCharsets.UTF_8.encode(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Refuses a FIFO, socket or device with a result that says which it is: opening a FIFO for
     * reading waits for a writer that may never come (the call would hang until its timeout and
     * leave its thread behind), and a device or socket is not a file to read or change either.
     * Links are not followed: the path is already resolved, and a link is checked as itself.
     */
    static Optional<ToolResult.Failure> special(Path file, String asked) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        if (!attributes.isOther()) {
            return Optional.empty();
        }
        return Optional.of(failure(SPECIAL_FILE, "'" + asked + "' " + specialKind(file)
                + ", not a regular file; the file tools only open regular files"));
    }

    /** What kind of special file this is, as words that finish "'path' ...". */
    static String specialKind(Path file) {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "is a special file";
        }
        return switch (mode & 0170000) {
            case 0010000 -> "is a FIFO (named pipe)";
            case 0140000 -> "is a socket";
            case 0020000 -> "is a character device";
            case 0060000 -> "is a block device";
            default -> "is a special file";
        };
    }

    static ToolResult.Failure notFound(String path) {
        return new ToolResult.Failure("not_found", "'" + path + "' does not exist. Check the path with list or glob");
    }

    static ToolResult.Failure failure(String code, String message) {
        return new ToolResult.Failure(code, message);
    }

    static long lines(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        return text.chars().filter(c -> c == '\n').count() + (text.endsWith("\n") ? 0 : 1);
    }
}
