package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.VisibleTempDir;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command on a fresh clone: {@code ./dev run} in a copy of the repository (the
 * files git knows, as they are in the working tree) with nothing beside it builds
 * the distribution and runs the offline demo to its answer.
 */
class FreshCloneIT {
    @TempDir(factory = VisibleTempDir.class)
    Path work;

    @Test
    void devRunOnACloneWithoutTheSharedFolderBuildsAndRunsTheDemo() throws Exception {
        Path repository = Path.of(System.getProperty("agentloop.root"));
        Path clone = work.resolve("agentloop");
        copyKnownFiles(repository, clone);
        assertThat(work.resolve("shared")).as("nothing beside the clone").doesNotExist();

        ProcessBuilder builder = new ProcessBuilder(clone.resolve("dev").toString(), "run").directory(clone.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        builder.environment().put("MAVEN_OPTS", "-Dmaven.repo.local=" + System.getProperty("agentloop.local.repository"));
        // The launcher gets a home of the test's; the Maven wrapper keeps finding the Maven it already fetched.
        builder.environment().putIfAbsent("MAVEN_USER_HOME", Path.of(System.getProperty("user.home"), ".m2").toString());
        builder.environment().put("HOME", Files.createDirectories(work.resolve("home")).toString());
        builder.environment().keySet().removeIf(name -> name.startsWith("XDG_"));
        builder.environment().put("AGENTLOOP_SESSIONS", work.resolve("sessions").toString());
        builder.environment().put("AGENTLOOP_CONFIG", Files.writeString(work.resolve("user.yaml"), "{}\n").toString());
        builder.environment().put("AGENTLOOP_AUDIT_LOG", work.resolve("audit.jsonl").toString());
        builder.environment().put("AGENTLOOP_CLASS_CACHE", "off");
        builder.environment().remove("AGENTLOOP_PROVIDER");
        Process dev = builder.start();
        boolean exited = dev.waitFor(15, TimeUnit.MINUTES);
        if (!exited) {
            dev.destroyForcibly();
        }
        String out = Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8);
        String err = Files.readString(work.resolve("err.txt"), StandardCharsets.UTF_8);

        assertThat(exited).as("./dev run ends").isTrue();
        assertThat(dev.exitValue()).as(out + err).isZero();
        assertThat(out).contains("Offline demo: stories260K").contains("[tool] word_count")
                .contains("-- COMPLETED ANSWERED in 2 iterations, 1 tool call(s)");
    }

    /** The tracked and the new, not ignored, files of the repository, as they are now. */
    private static void copyKnownFiles(Path repository, Path clone) throws Exception {
        Process git = new ProcessBuilder("git", "-C", repository.toString(), "ls-files", "-z", "--cached", "--others",
                "--exclude-standard").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        byte[] listing = git.getInputStream().readAllBytes();
        assertThat(git.waitFor(60, TimeUnit.SECONDS) && git.exitValue() == 0)
                .as("this test copies the files git knows: run it in a git clone of the repository").isTrue();
        List<String> files = List.of(new String(listing, StandardCharsets.UTF_8).split("\0"));
        assertThat(files).contains("dev", "pom.xml", "distribution/src/models/stories260K.gguf");
        for (String file : files) {
            Path source = repository.resolve(file);
            if (file.isEmpty() || !Files.isRegularFile(source)) {
                continue; // deleted in the working tree
            }
            Path target = clone.resolve(file);
            Files.createDirectories(target.getParent());
            Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
    }
}
