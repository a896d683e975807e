package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds of one commit give byte-identical jars: {@code ./dev reproducible}, the check anyone can run
 * on every module, run here on the smallest one, so that a build change letting a time or a folder into the
 * artifacts (a plugin without {@code project.build.outputTimestamp}, a filtered build date) fails the suite
 * rather than a release. Each of its builds runs in a copy of the project in a folder of this test's.
 */
class ReproducibleBuildIT {
    @TempDir
    Path work;

    @Test
    void twoBuildsOfTheSameFilesGiveByteIdenticalJars() throws Exception {
        Path root = Path.of(System.getProperty("agentloop.root"));
        Path output = work.resolve("dev-reproducible.txt");
        ProcessBuilder builder = new ProcessBuilder(root.resolve("dev").toString(), "reproducible", "agent-api")
                .directory(root.toFile()).redirectErrorStream(true).redirectOutput(output.toFile());
        Map<String, String> env = builder.environment();
        env.put("TMPDIR", Files.createDirectories(work.resolve("builds")).toString());
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.remove("MAVEN_OPTS");
        // The artifacts the running build resolved, and offline when it is: the check needs nothing else.
        boolean offline = System.getProperty("agentloop.offline", "").endsWith("true");
        env.put("MAVEN_ARGS", (offline ? "-o " : "") + "-Dmaven.repo.local=" + System.getProperty("agentloop.local.repository"));
        // The Maven wrapper keeps finding the Maven it already fetched.
        env.putIfAbsent("MAVEN_USER_HOME", Path.of(System.getProperty("user.home"), ".m2").toString());

        Process dev = builder.start();
        boolean exited = dev.waitFor(10, TimeUnit.MINUTES);
        if (!exited) {
            dev.descendants().forEach(ProcessHandle::destroyForcibly);
            dev.destroyForcibly();
        }
        String said = Files.readString(output, StandardCharsets.UTF_8);

        assertThat(exited).as("./dev reproducible agent-api ends: " + said).isTrue();
        assertThat(dev.exitValue()).as(said).isZero();
        assertThat(said).contains("dev: built twice, the 1 jar(s) and archive(s) are byte-identical");
    }
}
