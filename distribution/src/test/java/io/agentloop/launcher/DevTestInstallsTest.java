package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./dev test} installs what the tests need from the machine only after saying what, why and the
 * command it runs, and in CI asks nothing. The machine here lacks bubblewrap and Node.js: its PATH holds
 * only the few programs {@code ./dev} uses, an {@code apt-get} that notes each call in the same output
 * and installs nothing, and an {@code id} saying root, so the checks after it stop the command (and Maven,
 * were it reached, would only print its version).
 */
class DevTestInstallsTest {
    /** The programs {@code ./dev} runs before it installs, as found on this machine. */
    private static final List<String> PROGRAMS = List.of("bash", "cat", "dirname", "sed", "readlink", "find", "uname");

    @TempDir
    Path work;

    @Test
    void devTestSaysWhatItInstallsAndWhyBeforeRunningAptGetAndAsksNothingInCi() throws Exception {
        Path root = Path.of(System.getProperty("agentloop.root"));
        Path bin = Files.createDirectories(work.resolve("bin"));
        for (String program : PROGRAMS) {
            script(bin.resolve(program), "exec '" + onThePath(program) + "' \"$@\"\n");
        }
        Path output = work.resolve("dev-test.txt");
        script(bin.resolve("apt-get"), "echo \"apt-get ran: $*\" >> '" + output + "'\nexit 1\n");
        script(bin.resolve("id"), "echo 0\n");

        ProcessBuilder builder = new ProcessBuilder(root.resolve("dev").toString(), "test").directory(root.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
        Map<String, String> env = builder.environment();
        env.put("PATH", bin.toString());
        env.put("CI", "true");
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("MAVEN_ARGS", "--version");
        env.putIfAbsent("MAVEN_USER_HOME", Path.of(System.getProperty("user.home"), ".m2").toString());
        Process dev = builder.start();
        dev.getOutputStream().close();
        boolean exited = dev.waitFor(2, TimeUnit.MINUTES);
        if (!exited) {
            dev.destroyForcibly();
        }
        String said = Files.readString(output, StandardCharsets.UTF_8);

        assertThat(exited).as("./dev test ends: " + said).isTrue();
        assertThat(said).as("what ./dev test said, and apt-get's calls in turn").containsSubsequence(
                "dev: ./dev test needs what this machine lacks:",
                "bubblewrap: the command sandbox, which its tests run",
                "nodejs npm: the MCP reference servers and the A2A JavaScript client the tests run",
                "dev: installing them with 'apt-get install -y bubblewrap nodejs npm",
                "apt-get ran: install -y -qq bubblewrap nodejs npm",
                "apt-get ran: update -qq",
                "dev: the tests need bubblewrap (bwrap), the command sandbox, and it could not be installed here.");
        assertThat(said).as("in CI nothing is asked").doesNotContain("install them now?");
        assertThat(dev.exitValue()).as("nothing installed, the check says what to do: " + said).isEqualTo(1);
    }

    private static Path onThePath(String program) throws IOException {
        for (String folder : System.getenv("PATH").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(folder, program);
            if (Files.isExecutable(candidate)) {
                return candidate.toRealPath();
            }
        }
        throw new IllegalStateException(program + " is not on the PATH: ./dev needs it (install bash and coreutils)");
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!" + onThePath("bash") + "\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
