package io.agentloop.core.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * An OS lock on a session's lock file, held while the session is written: refused at once when
 * another process (or another writer in this one) holds it, and released by the OS when a holder
 * dies. The holder's process id is written into the file for the refusal message.
 */
final class SessionLock {
    private final FileChannel channel;
    private final FileLock lock;

    private SessionLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static SessionLock acquire(Path file, String sessionId) {
        FileChannel channel = null;
        try {
            channel = FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                    ? FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                            StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rw-------")))
                    : FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                            StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException inThisProcess) {
                lock = null;
            }
            if (lock == null) {
                String holder = holder(channel);
                channel.close();
                throw FileSessionStore.locked(sessionId, holder);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8)),
                    0);
            return new SessionLock(channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException("cannot lock session " + sessionId + " (" + file + "): " + e.getMessage(), e);
        }
    }

    void release() {
        try {
            lock.release();
        } catch (IOException e) {
            // closing the channel releases it too
        }
        closeQuietly(channel);
    }

    private static String holder(FileChannel channel) {
        try {
            ByteBuffer buffer = ByteBuffer.allocate(32);
            channel.read(buffer, 0);
            String pid = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
            return pid.matches("\\d+") ? " (process " + pid + ")" : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing left to do
            }
        }
    }
}
