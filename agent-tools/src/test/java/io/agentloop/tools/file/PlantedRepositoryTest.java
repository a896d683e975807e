package io.agentloop.tools.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model writes a bare repository one file at a time with {@code write} ({@code HEAD},
 * {@code objects/}, {@code refs/}, and a {@code config} whose {@code core.fsmonitor} runs a program
 * and whose {@code core.worktree} points at the workspace): after the run it is out of action, and
 * the user's {@code git status} there runs nothing. Written back later, its {@code HEAD} is put
 * aside again. Real tools in the agent loop, real git on the host, everything under {@code /var/tmp}.
 */
class PlantedRepositoryTest {
    @TempDir(factory = VisibleTempDir.class)
    Path folder;
    Path root;
    Path marker;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(folder.resolve("workspace"));
        marker = folder.resolve("fsmonitor-ran");
    }

    @Test
    void aRepositoryWrittenFileByFileIsOutOfActionAndTheHostsGitStatusRunsNothing() throws Exception {
        List<String> seen = run(write("w/HEAD", "ref: refs/heads/main\n"), write("w/objects/info/packs", ""),
                write("w/refs/heads/.keep", ""), write("w/config", "[core]\n\trepositoryformatversion = 0\n"
                        + "\tbare = false\n\tworktree = ..\n\tfsmonitor = \"touch " + marker + "\"\n"));

        assertThat(String.join("\n", seen)).contains("[sandbox] the call made a git repository at w; it was put out "
                + "of action (its HEAD renamed)");
        assertThat(root.resolve("w/HEAD")).doesNotExist();
        assertThat(gitStatus(root.resolve("w"))).doesNotContain("On branch");
        assertThat(marker).doesNotExist();
    }

    @Test
    void aRepositoryPutOutOfActionStaysSoWhenItsHeadIsWrittenAgain() throws Exception {
        run(write("w/HEAD", "ref: refs/heads/main\n"), write("w/objects/info/packs", ""),
                write("w/refs/heads/.keep", ""), write("w/config", "[core]\n\tfsmonitor = \"touch " + marker + "\"\n"));
        assertThat(root.resolve("w/HEAD")).doesNotExist();

        List<String> seen = run(write("w/HEAD", "ref: refs/heads/main\n"));

        assertThat(seen.get(0)).contains("[sandbox] the call made a git repository at w; it was put out of action");
        assertThat(root.resolve("w/HEAD")).doesNotExist();
        assertThat(gitStatus(root.resolve("w"))).doesNotContain("On branch");
        assertThat(marker).doesNotExist();
    }

    @Test
    void aHeadBroughtBackWhereNoCheckSawItIsPutAsideAtTheNextChange() throws Exception {
        run(write("w/HEAD", "ref: refs/heads/main\n"), write("w/objects/info/packs", ""),
                write("w/refs/heads/.keep", ""), write("w/config", "[core]\n\tfsmonitor = \"touch " + marker + "\"\n"));
        // Something no check watched (a program of the user's, a tool that declares no write) brings it back.
        Files.copy(root.resolve("w/HEAD.agentloop-disabled"), root.resolve("w/HEAD"));

        List<String> seen = run(write("w/description", "anything"));

        assertThat(seen.get(0)).contains("[sandbox] a git repository put out of action before came back at w; it was "
                + "put out of action");
        assertThat(root.resolve("w/HEAD")).doesNotExist();
        assertThat(gitStatus(root.resolve("w"))).doesNotContain("On branch");
        assertThat(marker).doesNotExist();
    }

    @Test
    void theHistoryKeptInsideABareRepositoryCannotBeWritten() throws Exception {
        List<String> seen = run(write("backup.git/.agentloop-kept/1-a/0", "not an object"));

        assertThat(seen.get(0)).contains(".agentloop-kept/, which is protected");
        assertThat(root.resolve("backup.git")).doesNotExist();
    }

    /** Runs the calls, one a turn, under {@code --yes}; returns what the model was told of each. */
    private List<String> run(ToolCall... calls) {
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).build();
        assertThat(workspace.sandbox().containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(Containment.CONTAINED);
        ScriptedChatModel.Builder script = ScriptedChatModel.script();
        for (ToolCall call : calls) {
            script.toolCalls(call);
        }
        ScriptedChatModel model = script.answer("done").build();
        Agent.builder().model(model).tools(new WriteTool()).workspace(workspace)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES)).build().run("Write files");
        List<String> seen = new ArrayList<>();
        for (int i = 1; i <= calls.length; i++) {
            seen.add(((ToolMessage) model.requests().get(i).messages().getLast()).results().get(0).content());
        }
        return seen;
    }

    private int calls;

    private ToolCall write(String path, String content) {
        return ToolCall.of("w" + ++calls, "write", "{\"path\":" + json(path) + ",\"content\":" + json(content) + "}");
    }

    /** The user's {@code git status} in the folder, on the host, never looking above the test's folder. */
    private String gitStatus(Path where) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("git", "status").directory(where.toFile())
                .redirectErrorStream(true);
        builder.environment().put("GIT_CEILING_DIRECTORIES", folder.toString());
        Process git = builder.start();
        git.getOutputStream().close();
        String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(git.waitFor(1, TimeUnit.MINUTES)).isTrue();
        return output;
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + "\"";
    }
}
