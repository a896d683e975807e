package io.agentloop.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.ApprovalRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.CommandSandbox.Containment;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.TargetTempDir;
import io.agentloop.tools.file.WriteTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files other programs run later (a {@code Makefile}, {@code package.json}, {@code .envrc}, an
 * editor's tasks, a hook manager's configuration, a rebase todo) changed by file tools and by
 * commands under a real bubblewrap: listed in the run's result, and asked about when the policy says.
 */
class ExecutableConfigTest {
    @TempDir(factory = TargetTempDir.class)
    Path folder;
    Path root;
    final List<ApprovalRequest> asked = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectories(folder.resolve("workspace"));
    }

    private SandboxWorkspace workspace() {
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).build();
        assertThat(workspace.sandbox().containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(Containment.CONTAINED);
        return workspace;
    }

    private RunResult run(PermissionPolicy policy, Approval answer, ToolCall... calls) {
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(calls).answer("done").build();
        return Agent.builder().model(model).tools(new BashTool(), new WriteTool()).workspace(workspace())
                .permissions(policy).approver(request -> {
                    asked.add(request);
                    return answer;
                }).build().run("Set the project up");
    }

    @Test
    void eachListedFileTheRunChangedIsInItsResultAndTheModelIsTold() throws Exception {
        rebaseStoppedHalfWay();
        Files.writeString(root.resolve("package.json"), "{\"scripts\":{\"test\":\"jest\"}}\n");
        Files.writeString(root.resolve("notes.txt"), "plain\n");

        RunResult result = run(PermissionPolicy.defaults().withMode(PermissionMode.YES), Approval.DENY,
                ToolCall.of("1", "write", "{\"path\":\"Makefile\",\"content\":\"all:\\n\\ttouch pwned\\n\"}"),
                ToolCall.of("2", "write", "{\"path\":\".vscode/tasks.json\",\"content\":\"{}\"}"),
                ToolCall.of("3", "write", "{\"path\":\"notes.txt\",\"content\":\"changed\"}"),
                bash("4", "echo '{\"scripts\":{\"test\":\"touch pwned\"}}' > package.json; n=.en; echo 'touch pwned' > ${n}vrc; "
                        + "printf 'repos: []\\n' > .pre-commit-config.yaml; mkdir -p tools && echo 'x:' > tools/rules.mk; "
                        + "g=.gi; echo 'exec touch pwned' >> ${g}t/rebase-merge/git-rebase-todo; echo changed >> notes.txt"));

        assertThat(result.success()).isTrue();
        assertThat(result.deniedCalls()).isEmpty();
        assertThat(result.executableConfig()).containsExactly("Makefile", ".vscode/tasks.json", ".envrc",
                ".git/rebase-merge/git-rebase-todo", ".pre-commit-config.yaml", "package.json", "tools/rules.mk");
        assertThat(asked).isEmpty();
        String told = ((ToolMessage) result.messages().get(result.messages().size() - 2)).results().get(3).content();
        assertThat(told).contains("[agentloop] this call changed .envrc (direnv)").contains("package.json");
    }

    @Test
    void withTheSettingOnAWriteToAListedFileAsksFirst() throws Exception {
        RunResult result = run(PermissionPolicy.defaults().withMode(PermissionMode.EDIT), Approval.DENY,
                ToolCall.of("1", "write", "{\"path\":\"notes.txt\",\"content\":\"plain\"}"),
                ToolCall.of("2", "write", "{\"path\":\"Makefile\",\"content\":\"all:\\n\\ttouch pwned\\n\"}"));

        assertThat(asked).singleElement().satisfies(request -> assertThat(request.reasons()).anySatisfy(reason ->
                assertThat(reason).contains("write changes Makefile, which make runs")));
        assertThat(root.resolve("notes.txt")).hasContent("plain");
        assertThat(root.resolve("Makefile")).doesNotExist();
        assertThat(result.executableConfig()).isEmpty();
    }

    @Test
    void theSettingAsksInModeYesWhenSetAndNotByDefault() throws Exception {
        run(PermissionPolicy.defaults().withMode(PermissionMode.YES).withAskBeforeExecutableConfig(true),
                Approval.ALLOW_ONCE, ToolCall.of("1", "write", "{\"path\":\"justfile\",\"content\":\"x:\"}"));
        assertThat(asked).hasSize(1);

        RunResult result = run(PermissionPolicy.defaults().withMode(PermissionMode.EDIT)
                        .withAskBeforeExecutableConfig(false), Approval.DENY,
                ToolCall.of("1", "write", "{\"path\":\"Taskfile.yml\",\"content\":\"x:\"}"));
        assertThat(asked).hasSize(1);
        assertThat(result.executableConfig()).containsExactly("Taskfile.yml");
        assertThat(PermissionPolicy.defaults().asksBeforeExecutableConfig()).isTrue();
        assertThat(PermissionPolicy.defaults().withMode(PermissionMode.AUTO).asksBeforeExecutableConfig()).isFalse();
    }

    @Test
    void withTheSettingOnACommandsChangeIsPutToThePersonAndUndoneWhenRefused() throws Exception {
        Files.writeString(root.resolve("package.json"), "{\"scripts\":{\"test\":\"jest\"}}\n");

        RunResult result = run(PermissionPolicy.defaults().withMode(PermissionMode.YES).withAskBeforeExecutableConfig(true),
                Approval.DENY, bash("1", "printf 'all:\\n\\ttouch pwned\\n' > Makefile; echo '{}' > package.json; "
                        + "echo kept > notes.txt"));

        assertThat(asked).singleElement().satisfies(request -> assertThat(String.join("\n", request.reasons()))
                .contains("bash changed Makefile, which make runs").contains("package.json").contains("deny undoes it"));
        assertThat(root.resolve("Makefile")).doesNotExist();
        assertThat(root.resolve("package.json")).hasContent("{\"scripts\":{\"test\":\"jest\"}}");
        assertThat(root.resolve("notes.txt")).hasContent("kept");
        assertThat(result.executableConfig()).isEmpty();
        String told = ((ToolMessage) result.messages().get(result.messages().size() - 2)).results().get(0).content();
        assertThat(told).contains("the change was undone");
    }

    @Test
    void withTheSettingOnAndNoOneToAskACommandsChangeIsUndone() throws Exception {
        Files.writeString(root.resolve("package.json"), "{}\n");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(bash("1", "echo '{\"scripts\":{\"test\":\"touch pwned\"}}' > package.json"))
                .answer("done").build();

        RunResult result = Agent.builder().model(model).tools(new BashTool()).workspace(workspace())
                .permissions(PermissionPolicy.of(List.of("bash(echo *)"), List.of(), List.of())
                        .withMode(PermissionMode.EDIT)).build().run("Go");

        assertThat(result.success()).isTrue();
        assertThat(root.resolve("package.json")).hasContent("{}");
        assertThat(result.executableConfig()).isEmpty();
    }

    private static ToolCall bash(String id, String command) {
        return ToolCall.of(id, "bash", "{\"command\":\"" + command.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}");
    }

    /** A real interactive rebase stopped at a {@code break}: its todo waits for {@code git rebase --continue}. */
    private void rebaseStoppedHalfWay() throws Exception {
        git("init", "-q");
        Files.writeString(root.resolve("a.txt"), "a\n");
        git("add", "a.txt");
        git("commit", "-qm", "a");
        Files.writeString(root.resolve("a.txt"), "b\n");
        git("commit", "-qam", "b");
        git("rebase", "-i", "HEAD~1");
        assertThat(root.resolve(".git/rebase-merge/git-rebase-todo")).exists();
    }

    private void git(String... arguments) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", root.toString(), "-c", "user.name=t",
                "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        environment.put("GIT_CONFIG_GLOBAL", "/dev/null");
        environment.put("GIT_CONFIG_NOSYSTEM", "1");
        environment.put("GIT_SEQUENCE_EDITOR", "sed -i '1i break'");
        environment.put("GIT_CEILING_DIRECTORIES", root.getParent().toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", arguments) + ": " + output).isZero();
    }
}
