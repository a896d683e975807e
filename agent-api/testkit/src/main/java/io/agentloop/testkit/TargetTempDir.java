package io.agentloop.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Makes JUnit's temporary folders in the build folder ({@code target/tmp/}) instead of the
 * system's {@code /tmp}, for tests of commands in the sandbox, where {@code /tmp} is private: a
 * folder there would be invisible inside, and a test that nothing outside the workspace changed
 * would prove nothing.
 *
 * <pre>{@code
 * @TempDir(factory = TargetTempDir.class)
 * Path folder;
 * }</pre>
 */
public final class TargetTempDir implements TempDirFactory {
    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws Exception {
        Path parent = Files.createDirectories(Path.of("target", "tmp").toAbsolutePath());
        return Files.createTempDirectory(parent, "junit-").toRealPath();
    }
}
