package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every test of the built installation starts from, as a user would have it: a fresh copy of the
 * installation in the test's own folder, with the first-party plugins, run as {@code bin/agentloop}
 * against a fake OpenAI-compatible endpoint on loopback (port chosen by the system), with a home
 * folder outside the workspace. Each test has its own folders and its own endpoint, so the classes
 * that extend this one share nothing and run side by side.
 */
abstract class InstallationFixture {
    @TempDir(factory = VisibleTempDir.class)
    Path work;
    /** A folder outside the workspace (work), for a home folder: a workspace may not hold the home. */
    @TempDir(factory = VisibleTempDir.class)
    Path elsewhere;

    final MockWebServer server = new MockWebServer();
    InstalledLauncher installed;
    Map<String, String> extraEnv;
    Path installation;
    Path auditLog;

    @BeforeEach
    void setUp() throws IOException {
        server.start(0);
        installed = InstalledLauncher.copyInto(work, elsewhere.resolve("home"), server);
        extraEnv = installed.extraEnv();
        installation = installed.root();
        auditLog = installed.auditLog();
    }

    @AfterEach
    void tearDown() {
        server.close();
    }

    void environment(Map<String, String> env) {
        installed.environment(env);
    }

    Outcome agentloop(String... args) throws Exception {
        return installed.run(args);
    }

    void scriptToolCallThenAnswer() {
        server.enqueue(FakeOpenAi.toolCall("call_1", "change_case", "{\"text\":\"hello agent world\",\"style\":\"camel\"}"));
        server.enqueue(FakeOpenAi.answer("In camel case: ", "helloAgentWorld."));
    }

    static String jsonString(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Ctrl-C in a terminal: SIGINT to the launcher, which must be catching it (else nothing would happen). */
    static void ctrlC(Process launcher) throws Exception {
        List<String> status = Files.readAllLines(Path.of("/proc", Long.toString(launcher.pid()), "status"));
        String caught = status.stream().filter(line -> line.startsWith("SigCgt:")).findFirst().orElseThrow();
        assertThat(Long.parseLong(caught.substring("SigCgt:".length()).strip(), 16) & (1L << 1))
                .as("the launcher catches SIGINT (" + status.stream().filter(line -> line.startsWith("Sig"))
                        .toList() + ")").isNotZero();
        assertThat(new ProcessBuilder("kill", "-INT", Long.toString(launcher.pid())).start().waitFor())
                .as("kill -INT " + launcher.pid()).isZero();
    }

    /**
     * Starts the launcher and waits until its first tool call has started. It starts with SIGINT at
     * its default, as a terminal's foreground command has it: a build started in the background of a
     * script (or by a CI runner) ignores SIGINT, its children inherit that, and a JVM leaves an
     * ignored SIGINT ignored, so Ctrl-C would never reach the launcher under test.
     */
    Process startAndAwaitTool(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT",
                installation.resolve("bin/agentloop").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        environment(builder.environment());
        Process launcher = builder.start();
        Path out = work.resolve("out.txt");
        Await.until("the tool call to start", () -> Files.readString(out).contains("\"tool_call_started\"")
                || !launcher.isAlive(), () -> Files.readString(work.resolve("err.txt")));
        assertThat(Files.readString(out)).as(Files.readString(work.resolve("err.txt")))
                .contains("\"tool_call_started\"");
        return launcher;
    }
}
