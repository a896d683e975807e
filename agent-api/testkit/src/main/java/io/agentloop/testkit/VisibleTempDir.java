package io.agentloop.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Makes JUnit's temporary folders under {@code /var/tmp}, for things a sandboxed command must see
 * as they are on the host but not be able to change: a sentinel folder, a listening Unix socket.
 * {@link TargetTempDir} is not enough for them: when the clone itself lies under {@code /tmp}, the
 * sandbox's private {@code /tmp} hides the build folder, and a test that nothing changed would prove
 * nothing. The path is short too, as a Unix socket's path must be (108 bytes at most).
 *
 * <pre>{@code
 * @TempDir(factory = VisibleTempDir.class)
 * Path outside;
 * }</pre>
 */
public final class VisibleTempDir implements TempDirFactory {
    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws Exception {
        Path parent = Path.of("/var/tmp");
        if (!Files.isDirectory(parent) || !Files.isWritable(parent)) {
            throw new IllegalStateException("these tests need a writable /var/tmp (the system's folder for temporary "
                    + "files that outlive a reboot), which the command sandbox shows as it is on the host");
        }
        return Files.createTempDirectory(parent, "agentloop-").toRealPath();
    }
}
