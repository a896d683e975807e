package io.agentloop.tools.file;

import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;

/**
 * Opens and replaces files the workspace has approved without following a link swapped in after
 * the check. {@link Workspace#resolve} gives a canonical path (no links left in it); here that path
 * is walked from its workspace folder one name at a time, each folder opened relative to the last
 * ({@code openat}) with links refused, and the file is opened, or written and renamed into place,
 * relative to its open folder. If another process replaces a folder on the way with a link (to
 * outside the workspace) between the check and the write, the walk meets the link and stops: nothing
 * is written anywhere. Missing folders are made in the workspace folder and renamed into place the
 * same way. Where the platform has no {@link SecureDirectoryStream}, the path is checked again
 * right before use (a smaller window, not none).
 */
final class PinnedFolders {
    private PinnedFolders() {
    }

    /** An input stream on the file, opened without following links. */
    static InputStream open(Workspace workspace, Path file) throws IOException {
        Path base = base(workspace, file);
        SecureDirectoryStream<Path> folder = walk(base, base.relativize(file).getParent(), false);
        if (folder == null) {
            recheck(workspace, file);
            refuseSpecial(workspace, file, Files.readAttributes(file, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS));
            return Files.newInputStream(file);
        }
        try (folder) {
            // The tools check before they get here; this catches a FIFO swapped in since.
            refuseSpecial(workspace, file, folder.getFileAttributeView(file.getFileName(),
                    BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes());
            return Channels.newInputStream(folder.newByteChannel(file.getFileName(),
                    Set.<OpenOption>of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)));
        } catch (FileSystemException e) {
            throw changed(workspace, file, e);
        }
    }

    private static void refuseSpecial(Workspace workspace, Path file, BasicFileAttributes attributes) {
        if (attributes.isOther()) {
            throw new PathDeniedException(workspace.display(file), TextFiles.specialKind(file)
                    + ", not a regular file; the file tools only open regular files");
        }
    }

    static String readString(Workspace workspace, Path file) throws IOException {
        try (InputStream in = open(workspace, file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Replaces (or creates) the file with {@code content} atomically: a new file beside it, forced to
     * disk, renamed over it. An existing file keeps its permissions. Missing folders are created.
     */
    static void replace(Workspace workspace, Path file, String content) throws IOException {
        Path base = base(workspace, file);
        SecureDirectoryStream<Path> folder = walk(base, base.relativize(file).getParent(), true);
        if (folder == null) {
            recheck(workspace, file);
            TextFiles.writeAtomically(file, content);
            return;
        }
        Path name = file.getFileName();
        Path temp = Path.of("." + name + "." + UUID.randomUUID() + ".tmp");
        try (folder) {
            Set<OpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
            try (SeekableByteChannel channel = folder.newByteChannel(temp, options, permissionsOf(folder, name))) {
                ByteBuffer buffer = StandardCharsets.UTF_8.encode(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                if (channel instanceof FileChannel fileChannel) {
                    fileChannel.force(true);
                }
                folder.move(temp, folder, name);
            } catch (IOException e) {
                try {
                    folder.deleteFile(temp);
                } catch (IOException ignored) {
                    // It was never created, or it was renamed.
                }
                if (e instanceof NoSuchFileException) {
                    // The open folder was removed or replaced by another process meanwhile.
                    throw new PathDeniedException(workspace.display(file), "lost its folder while this call ran (it "
                            + "was removed or replaced); nothing was written");
                }
                throw e instanceof FileSystemException fs ? changed(workspace, file, fs) : e;
            }
        }
    }

    /** The existing file's permissions, to give its replacement; none when it is new. */
    private static FileAttribute<?>[] permissionsOf(SecureDirectoryStream<Path> folder, Path name) {
        try {
            PosixFileAttributeView view = folder.getFileAttributeView(name, PosixFileAttributeView.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (view != null) {
                Set<PosixFilePermission> permissions = EnumSet.copyOf(view.readAttributes().permissions());
                return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(permissions)};
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // A new file: the default permissions.
        }
        return new FileAttribute<?>[0];
    }

    /**
     * Opens each folder of {@code relative} in turn from {@code base}, refusing links; creates the
     * missing ones if asked. Null when the platform cannot open folders relative to each other.
     */
    private static SecureDirectoryStream<Path> walk(Path base, Path relative, boolean create) throws IOException {
        DirectoryStream<Path> opened = Files.newDirectoryStream(base);
        if (!(opened instanceof SecureDirectoryStream<Path> current)) {
            opened.close();
            return null;
        }
        if (relative == null) {
            return current;
        }
        Path reached = base;
        try {
            for (Path name : relative) {
                reached = reached.resolve(name);
                SecureDirectoryStream<Path> next;
                try {
                    next = current.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
                } catch (NoSuchFileException e) {
                    if (!create) {
                        throw e;
                    }
                    next = makeFolder(base, current, name);
                }
                current.close();
                current = next;
            }
            return current;
        } catch (FileSystemException e) {
            current.close();
            if (e instanceof NoSuchFileException) {
                throw e;
            }
            throw new PathDeniedException(reached.toString(), "is no longer a folder inside the workspace (it was "
                    + "replaced, by a link or a file, while this call ran: " + reason(e) + "); nothing was changed");
        } catch (IOException | RuntimeException e) {
            current.close();
            throw e;
        }
    }

    /** Makes a folder in the (trusted) base folder and renames it into place relative to its open parent. */
    private static SecureDirectoryStream<Path> makeFolder(Path base, SecureDirectoryStream<Path> parent, Path name)
            throws IOException {
        Path made = Files.createTempDirectory(base, ".agentloop-folder-");
        try (DirectoryStream<Path> baseStream = Files.newDirectoryStream(base)) {
            ((SecureDirectoryStream<Path>) baseStream).move(made.getFileName(), parent, name);
        } catch (FileSystemException e) {
            Files.deleteIfExists(made); // someone else made it meanwhile: use theirs, if it is a folder
        }
        try {
            return parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new PathDeniedException(name.toString(), "was moved away by another process just after it was "
                    + "made; nothing was written");
        }
    }

    private static Path base(Workspace workspace, Path file) {
        if (file.startsWith(workspace.root())) {
            return workspace.root();
        }
        return workspace.extraDirectories().stream().filter(file::startsWith).findFirst()
                .orElseThrow(() -> new PathDeniedException(file.toString(), "is outside the workspace"));
    }

    private static void recheck(Workspace workspace, Path file) {
        Path again = workspace.resolve(file.toString());
        if (!again.equals(file)) {
            throw new PathDeniedException(file.toString(), "changed while this call ran (it now resolves to "
                    + again + "); nothing was changed");
        }
    }

    /** A missing file is returned to be thrown as it is; anything else means the path changed, and is a denial. */
    private static IOException changed(Workspace workspace, Path file, FileSystemException e) {
        if (e instanceof NoSuchFileException) {
            return e;
        }
        throw new PathDeniedException(workspace.display(file), "was replaced (by a link or a folder) while this "
                + "call ran: " + reason(e) + "; nothing was changed");
    }

    private static String reason(FileSystemException e) {
        return e.getReason() == null ? e.getClass().getSimpleName() : e.getReason();
    }
}
