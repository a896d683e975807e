package io.agentloop.core.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.TargetTempDir;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workspace's {@code .agentloop} folders under real bubblewrap: one a command makes deeper in
 * the tree is put out of action, and two sandboxes on one workspace (two launchers) never take away
 * each other's read-only top folder.
 */
class InstructionFoldersTest {
    @TempDir(factory = TargetTempDir.class)
    Path folder;
    Path root;
    Path home;

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectories(folder.resolve("workspace"));
        home = Files.createDirectories(folder.resolve("home"));
    }

    private CommandSandbox sandbox() {
        CommandSandbox sandbox = SandboxWorkspace.builder(root)
                .environment(Map.of("PATH", System.getenv("PATH"), "HOME", home.toString())).build().sandbox();
        assertThat(sandbox.containment()).as("bubblewrap (bwrap) must be installed for these tests: "
                + sandbox.description()).isEqualTo(Containment.CONTAINED);
        return sandbox;
    }

    @Test
    void anAgentloopFolderACommandMakesInASubfolderIsPutOutOfAction() throws Exception {
        List<String> notices;
        try (SandboxedProcess process = sandbox().start(List.of("bash", "-c", "mkdir -p sub/.agentloop/skills/evil "
                + "&& echo planted > sub/.agentloop/skills/evil/SKILL.md && mkdir linked && ln -s ../sub/x "
                + "linked/.agentloop && mkdir sub/x"), root, Map.of())) {
            process.process().getOutputStream().close();
            assertThat(process.process().waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(process.process().exitValue()).isZero();
            notices = process.finish();
        }

        assertThat(root.resolve("sub/.agentloop")).doesNotExist();
        assertThat(root.resolve("linked/.agentloop")).satisfies(p -> assertThat(Files.exists(p,
                LinkOption.NOFOLLOW_LINKS)).isFalse());
        assertThat(root.resolve("sub/.agentloop.agentloop-disabled/skills/evil/SKILL.md")).hasContent("planted");
        assertThat(String.join("\n", notices)).contains("sub/.agentloop").contains("linked/.agentloop")
                .contains("out of action");
    }

    @Test
    void twoSandboxesOnOneWorkspaceNeverLeaveItsInstructionsWritableToEachOther() throws Exception {
        CommandSandbox first = sandbox();
        CommandSandbox second = sandbox();
        Path releaseFirst = fifo("first");
        Path releaseSecond = fifo("second");
        try (SandboxedProcess one = first.start(List.of("bash", "-c", "read x < first; echo first done"), root, Map.of());
             SandboxedProcess two = second.start(List.of("bash", "-c", "echo ready; read x < second; mkdir -p "
                     + ".agentloop/skills/evil && echo planted > .agentloop/skills/evil/SKILL.md; echo second done"),
                     root, Map.of())) {
            one.process().getOutputStream().close();
            two.process().getOutputStream().close();
            BufferedReader secondOutput = new BufferedReader(new InputStreamReader(two.process().getInputStream(),
                    StandardCharsets.UTF_8));
            assertThat(secondOutput.readLine()).isEqualTo("ready");

            release(releaseFirst);
            assertThat(one.process().waitFor(2, TimeUnit.MINUTES)).isTrue();
            one.finish();
            release(releaseSecond);
            assertThat(secondOutput.readLine()).contains("Read-only file system");
            assertThat(two.process().waitFor(2, TimeUnit.MINUTES)).isTrue();
            two.finish();
        }

        assertThat(root.resolve(".agentloop/skills")).doesNotExist();
    }

    private Path fifo(String name) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", root.resolve(name).toString()).start();
        assertThat(mkfifo.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(mkfifo.exitValue()).isZero();
        return root.resolve(name);
    }

    /** Opens the FIFO a command waits on (which blocks until the command opens it) and writes a line. */
    private static void release(Path fifo) throws Exception {
        CompletableFuture.runAsync(() -> {
            try {
                Files.writeString(fifo, "go\n");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).get(2, TimeUnit.MINUTES);
    }
}
