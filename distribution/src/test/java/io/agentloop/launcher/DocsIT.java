package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.VisibleTempDir;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command the docs say runs offline (a code block whose info string is {@code sh offline})
 * runs, as written, against the built installation with its {@code bin/} on the {@code PATH}, and
 * succeeds. Keep such blocks few: each line starts a JVM.
 */
class DocsIT {
    static final String OFFLINE = "sh offline";

    @TempDir(factory = VisibleTempDir.class)
    Path work;
    @TempDir(factory = VisibleTempDir.class)
    Path home;

    @Test
    void everyCommandMarkedOfflineSucceedsAgainstTheInstallation() throws Exception {
        Path root = Path.of(System.getProperty("agentloop.root"));
        List<String> commands = new ArrayList<>();
        for (Path page : Docs.pages(root)) {
            for (Docs.Block block : Docs.blocks(page)) {
                if (block.info().equals(OFFLINE)) {
                    block.text().lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                            .forEach(line -> commands.add(root.relativize(page) + ":" + block.line() + ": " + line));
                }
            }
        }
        assertThat(commands).as("the docs mark at least one command as running offline").isNotEmpty();

        try (MockWebServer unused = new MockWebServer()) {
            unused.start();
            InstalledLauncher launcher = InstalledLauncher.copyInto(work, home, unused);
            for (String command : commands) {
                String line = command.substring(command.indexOf(": ") + 2);
                ProcessBuilder builder = new ProcessBuilder("bash", "-c", line).directory(work.toFile())
                        .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
                launcher.environment(builder.environment());
                builder.environment().put("PATH", launcher.root().resolve("bin") + File.pathSeparator
                        + builder.environment().get("PATH"));
                Process process = builder.start();
                Await.exit(process, command + " ends by itself");

                assertThat(process.exitValue()).as(command + "\n" + Files.readString(work.resolve("out.txt"),
                        StandardCharsets.UTF_8) + Files.readString(work.resolve("err.txt"), StandardCharsets.UTF_8))
                        .isZero();
            }
        }
    }
}
