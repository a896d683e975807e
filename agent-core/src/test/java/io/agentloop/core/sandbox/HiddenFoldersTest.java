package io.agentloop.core.sandbox;

import static io.agentloop.core.sandbox.CommandSandboxTest.quoted;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands in bubblewrap for a home that is not under {@code /tmp} (which the sandbox replaces, and
 * so hides every mistake in what it mounts over the home): the launcher's folders nested in the
 * hidden ones, in every layout, still let a command start, and still read as nothing.
 */
class HiddenFoldersTest {
    static final String PLANTED = "planted-secret-in-a-hidden-folder-314";

    @TempDir(factory = VisibleTempDir.class)
    Path folder;
    Path home;
    Path root;

    @BeforeEach
    void setUp() throws IOException {
        home = Files.createDirectories(folder.resolve("home"));
        root = Files.createDirectories(folder.resolve("project"));
        Files.writeString(root.resolve("readme.txt"), "project file\n");
    }

    private static Path secret(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, "token: " + PLANTED + "\n");
    }

    private SandboxWorkspace.Builder builder(Path workspace) {
        assertThat(workspace.toString()).doesNotStartWith("/tmp");
        return SandboxWorkspace.builder(workspace).environment(Map.of("PATH", System.getenv("PATH"), "HOME",
                home.toString()));
    }

    private static String run(SandboxWorkspace workspace, String command) throws Exception {
        assertThat(workspace.sandbox().containment()).as(workspace.sandbox().description())
                .isEqualTo(Containment.CONTAINED);
        try (SandboxedProcess process = workspace.sandbox().start(List.of("bash", "-c", command), workspace.root(),
                Map.of())) {
            process.process().getOutputStream().close();
            String output = new String(process.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
            return "exit " + process.process().exitValue() + "\n" + output;
        }
    }

    @Test
    void theDefaultSessionsFolderInsideTheHiddenDataFolderLetsCommandsRunAndReadsAsNothing() throws Exception {
        Path sessions = home.resolve(".local/share/agentloop/sessions");
        secret(sessions.resolve("run-1.jsonl"));
        secret(home.resolve(".local/share/agentloop/memory.jsonl"));
        secret(home.resolve(".config/agentloop/config.yaml"));
        Files.createDirectories(home.resolve(".config/agentloop/skills/deploy"));
        SandboxWorkspace workspace = builder(root).protectedDirectory(sessions)
                .protectedDirectory(home.resolve(".local/share/agentloop/memory.jsonl"))
                .protectedDirectory(home.resolve(".config/agentloop"))
                .readOnlyDirectory(home.resolve(".config/agentloop/skills")).build();

        String output = run(workspace, "cat readme.txt; echo made > made.txt; cat ~/.local/share/agentloop/sessions/* "
                + "~/.local/share/agentloop/memory.jsonl ~/.config/agentloop/config.yaml 2>&1; grep -r planted ~ 2>&1; "
                + "ls -A ~/.local/share/agentloop ~/.config/agentloop | grep -c .; echo done");

        assertThat(output).startsWith("exit 0\nproject file\n").doesNotContain(PLANTED).endsWith("\n2\ndone\n");
        assertThat(root.resolve("made.txt")).hasContent("made");
    }

    @Test
    void dataConfigAndStateFoldersNestedInEachOtherWithSessionsMovedAndLinksAllStayHidden() throws Exception {
        Path data = Files.createDirectories(folder.resolve("xdg/data"));
        Path config = data.resolve("config");
        Path state = data.resolve("agentloop/state");
        secret(data.resolve("agentloop/memory.jsonl"));
        secret(config.resolve("agentloop/config.yaml"));
        secret(state.resolve("agentloop/trace.jsonl"));
        Path sessions = data.resolve("agentloop/moved/sessions");
        secret(sessions.resolve("run-1.jsonl"));
        // the home's own folders are links to the nested ones: one hidden folder reached by two names
        Files.createDirectories(home.resolve(".local/share"));
        Files.createSymbolicLink(home.resolve(".local/share/agentloop"), data.resolve("agentloop"));
        Files.createSymbolicLink(home.resolve(".config"), config);
        Path linkedSessions = Files.createSymbolicLink(folder.resolve("sessions-link"), sessions);
        SandboxWorkspace workspace = builder(root).protectedDirectory(data.resolve("agentloop"))
                .protectedDirectory(config.resolve("agentloop")).protectedDirectory(state.resolve("agentloop"))
                .protectedDirectory(linkedSessions).protectedDirectory(sessions)
                .protectedDirectory(sessions.resolve("run-1.jsonl")).protectedDirectory(data.resolve("agentloop"))
                .readOnlyDirectory(config.resolve("agentloop/skills")).build();

        String output = run(workspace, "cat readme.txt; grep -r planted " + quoted(folder.resolve("xdg")) + " "
                + quoted(linkedSessions) + "/ ~/.config/ ~/.local/share/agentloop/ 2>&1; ls -A " + quoted(data.resolve(
                "agentloop")) + " " + quoted(config.resolve("agentloop")) + " " + quoted(linkedSessions) + "/ 2>&1 "
                + "| grep -v ':$' | grep -c .; echo done");

        assertThat(output).startsWith("exit 0\nproject file\n").doesNotContain(PLANTED).endsWith("\n1\ndone\n");
    }

    @Test
    void aWorkspaceInsideTheHiddenDataFolderIsShownAloneWithItsOwnSecretsHidden() throws Exception {
        Path data = home.resolve(".local/share/agentloop");
        secret(data.resolve("sessions/run-1.jsonl"));
        secret(data.resolve("server/runs.json"));
        Path served = Files.createDirectories(data.resolve("workspaces"));
        Path mine = Files.createDirectories(served.resolve("run-a"));
        secret(served.resolve("run-b/notes.txt"));
        secret(mine.resolve(".env"));
        Files.writeString(mine.resolve("readme.txt"), "served file\n");
        SandboxWorkspace workspace = builder(mine).enclosedBy(served).protectedDirectory(data.resolve("sessions"))
                .protectedDirectory(data.resolve("server")).build();

        String output = run(workspace, "cat readme.txt; echo made > made.txt; cat .env; grep -r planted " + quoted(data)
                + " 2>&1; echo x > " + quoted(data.resolve("planted.txt")) + " 2>/dev/null; mkdir .agentloop/skills "
                + "2>/dev/null; ls -A ..; ls -A " + quoted(data) + "; echo done");

        assertThat(output).startsWith("exit 0\nserved file\n").doesNotContain(PLANTED)
                .endsWith("\nrun-a\nworkspaces\ndone\n");
        assertThat(mine.resolve("made.txt")).hasContent("made");
        assertThat(data.resolve("planted.txt")).doesNotExist();
        assertThat(mine.resolve(".agentloop/skills")).as("the workspace's instructions stay read-only").doesNotExist();
    }
}
