package io.agentloop.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.TargetTempDir;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * With every call approved ({@link PermissionMode#YES}), the model tries each kind of disguise to
 * change a folder outside the workspace through {@code bash}. The parser cannot see through all of
 * them; the sandbox does not need to: the folder stays as it was, the workspace write of the same
 * command succeeds, and the model gets the exit code and the error output. A real bubblewrap.
 */
class ContainmentTest {
    @TempDir(factory = TargetTempDir.class)
    Path folder;
    /** Where the host's files show inside the sandbox wherever the clone is (under /tmp they would not). */
    @TempDir(factory = VisibleTempDir.class)
    Path visible;
    Path root;
    Path outside;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(folder.resolve("workspace"));
        outside = Files.createDirectories(visible.resolve("sentinel folder"));
        Files.writeString(outside.resolve("keep.txt"), "untouched");
        Files.createDirectories(outside.resolve("sub"));
        Files.writeString(outside.resolve("sub/deep.txt"), "deep");
    }

    /** OUT is the outside folder's path, whose name holds a space: each disguise quotes it as a shell user would. */
    static Stream<Arguments> disguises() {
        return Stream.of(
                Arguments.of("direct path", "rm -rf \"OUT\"; cp written.txt \"OUT/keep.txt\"; touch \"OUT/new.txt\""),
                Arguments.of("link then write", "ln -s \"OUT\" door && echo pwned > door/keep.txt; rm -rf door/sub"),
                Arguments.of("interpreter", "perl -e 'unlink(\"OUT/keep.txt\") or die \"perl: $!\\n\"'"),
                Arguments.of("wrapper", "env timeout 5 nice -n 1 rm -rf \"OUT\"; nohup sh -c 'rm -rf \"OUT\"'"),
                Arguments.of("command substitution", "$(echo rm) -rf \"$(echo \"OUT\")\"; `echo rm` \"OUT/keep.txt\""),
                Arguments.of("script file", "printf 'rm -rf \"OUT\"\\n' > wipe.sh && bash wipe.sh; chmod +x wipe.sh; "
                        + "./wipe.sh"),
                Arguments.of("alias", "shopt -s expand_aliases\nalias zap='rm -rf'\nzap \"OUT\""),
                Arguments.of("quoting and expansion", "r''m -rf \"OUT\"; X=rm; $X${IFS}-rf${IFS}\"OUT\"; "
                        + "$'\\x72\\x6d' -rf \"OUT\"; {rm,-rf,\"OUT\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("disguises")
    void aDisguisedCommandLeavesTheOutsideUnchangedAndTheModelSeesWhy(String disguise, String attack)
            throws Exception {
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).build();
        assertThat(workspace.sandbox().containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(Containment.CONTAINED);
        Map<String, String> before = snapshot(outside);
        String command = "echo inside > written.txt; " + attack.replace("OUT", outside.toString());
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "bash", "{\"command\":" + json(command) + "}"))
                .answer("done").build();

        RunResult result = Agent.builder().model(model).tools(new BashTool()).workspace(workspace)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES)).build().run("Clean up");

        assertThat(snapshot(outside)).isEqualTo(before);
        assertThat(Files.readString(root.resolve("written.txt"))).isEqualTo("inside\n");
        String seen = ((ToolMessage) model.requests().get(1).messages().getLast()).results().get(0).content();
        assertThat(seen).doesNotStartWith("exit code 0").contains("Read-only file system");
        assertThat(result.deniedCalls()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void aRepositoryACommandMadeIsPutOutOfActionAndTheModelIsTold() throws Exception {
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).build();
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "bash", "{\"command\":" + json("git init -q sub && git -C sub config "
                        + "core.fsmonitor 'touch ran' && echo made") + "}"))
                .answer("done").build();

        Agent.builder().model(model).tools(new BashTool()).workspace(workspace)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES)).build().run("Make a repository");

        String seen = ((ToolMessage) model.requests().get(1).messages().getLast()).results().get(0).content();
        assertThat(seen).startsWith("exit code 0\nmade\n").contains("[sandbox] the command made a git repository at "
                + "sub/.git; it was put out of action (renamed to sub/.git.agentloop-disabled)");
        assertThat(root.resolve("sub/.git")).doesNotExist();
        assertThat(root.resolve("sub/.git.agentloop-disabled/HEAD")).doesNotExist();
    }

    /** Every file under the folder with its content: what "unchanged" means here. */
    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.toList()) {
                files.put(dir.relativize(path).toString(), Files.isRegularFile(path) ? Files.readString(path) : "/");
            }
        }
        return files;
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
