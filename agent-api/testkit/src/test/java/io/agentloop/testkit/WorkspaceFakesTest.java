package io.agentloop.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.tool.PathDeniedException;
import io.agentloop.api.tool.SandboxedProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workspace and plugin-context fakes keep the contract a tool or an extension relies on. */
class WorkspaceFakesTest {

    @Test
    void aToolContextInAFolderResolvesPathsInsideItAndDeniesThoseThatLeave(@TempDir Path folder,
                                                                           @TempDir Path outside) throws Exception {
        Path real = folder.toRealPath();
        Files.createDirectories(folder.resolve("src"));
        Files.createSymbolicLink(folder.resolve("escape"), outside);
        TestToolContext context = TestToolContext.in(folder);

        assertThat(context.workspace().root()).isEqualTo(real);
        assertThat(context.workspace().resolve("src/../notes.txt")).isEqualTo(real.resolve("notes.txt"));
        assertThat(context.workspace().resolve(real.resolve("src").toString())).isEqualTo(real.resolve("src"));
        assertThatThrownBy(() -> context.workspace().resolve("../elsewhere.txt")).isInstanceOf(PathDeniedException.class)
                .hasMessage("'../elsewhere.txt' is outside the workspace " + real);
        assertThatThrownBy(() -> context.workspace().resolve("escape/secret.txt"))
                .as("a symbolic link does not lead out").isInstanceOf(PathDeniedException.class);
        assertThatThrownBy(() -> context.workspace().resolve(".git/config")).isInstanceOf(PathDeniedException.class)
                .hasMessageContaining("protected");
        assertThat(context.workspace().display(real.resolve("src/A.java"))).isEqualTo("src/A.java");
    }

    @Test
    void anExtraDirectoryIsUsableToo(@TempDir Path folder, @TempDir Path shared) throws Exception {
        TestWorkspace workspace = TestWorkspace.at(folder).withExtraDirectory(shared);

        assertThat(workspace.resolve(shared.resolve("lib.txt").toString())).isEqualTo(shared.toRealPath().resolve("lib.txt"));
        assertThat(workspace.extraDirectories()).containsExactly(shared.toRealPath());
    }

    @Test
    void commandsRunInTheWorkspaceWithItsEnvironment(@TempDir Path folder) throws Exception {
        TestWorkspace workspace = TestWorkspace.at(folder).withEnvironment(Map.of("PATH", System.getenv("PATH")));

        try (SandboxedProcess process = workspace.sandbox()
                .start(List.of("sh", "-c", "pwd; echo $GREETING"), workspace.root(), Map.of("GREETING", "hi"))) {
            String output = new String(process.process().getInputStream().readAllBytes());
            assertThat(process.process().waitFor()).isZero();
            assertThat(output).isEqualTo(workspace.root() + "\nhi\n");
        }
        assertThat(workspace.childEnvironment()).containsOnlyKeys("PATH");
    }

    @Test
    void aWorkspaceNeedsAFolderThatExists(@TempDir Path folder) {
        assertThatThrownBy(() -> TestToolContext.in(folder.resolve("missing")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs an existing folder");
        assertThatThrownBy(() -> new TestToolContext().workspace()).hasMessageContaining("TestToolContext.in(folder)");
    }

    @Test
    void aPluginContextHasTheGivenSettingsAndADataFolderMadeOnFirstUse(@TempDir Path folder) {
        TestPluginContext plugin = TestPluginContext.of("audit-trail", folder).withSetting("file", "a.jsonl");

        assertThat(plugin.pluginId()).isEqualTo("audit-trail");
        assertThat(plugin.pluginVersion()).isEqualTo("1.0.0");
        assertThat(plugin.setting("file")).contains("a.jsonl");
        assertThat(plugin.setting("other")).isEmpty();
        assertThat(folder.resolve("plugins/audit-trail")).doesNotExist();
        assertThat(plugin.dataFolder()).isEqualTo(folder.resolve("plugins/audit-trail")).isDirectory();
    }
}
