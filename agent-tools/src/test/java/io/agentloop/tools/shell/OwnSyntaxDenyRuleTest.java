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
import io.agentloop.testkit.VisibleTempDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Programs whose own syntax runs a command, run for real by {@code bash} in a real bubblewrap in
 * mode {@code yes}: under {@code deny: bash(rm *)} the file {@code v} survives each of them, and
 * without the rule the same line removes it (so each spelling is one that works, not one the
 * sandbox happens to stop). {@code less +'!rm v'} needs a terminal and {@code ssh-agent} a socket,
 * which the sandbox does not give, so those are judged in {@code PermissionPolicyTest} only.
 */
class OwnSyntaxDenyRuleTest {
    /** Under /var/tmp: a workspace as a user's would be, shown by the sandbox as it is on the host. */
    @TempDir(factory = VisibleTempDir.class)
    Path root;

    static Stream<String> removeV() {
        return Stream.of("git -c alias.x='!rm v' x", "make -f /dev/null -E 'x:; rm v' x",
                "make --eval='x:; rm v' -f /dev/null x", "printf 'x:\\n\\trm v\\n' | make -f - x",
                "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.y GIT_CONFIG_VALUE_0='!rm v' git y",
                "sed -n '1e rm v' /etc/hostname", "tar -cf /dev/null --checkpoint=1 --checkpoint-action=exec='rm v' v",
                "echo 'rm v' | unshare", "x='a[$(rm v)]'; ((x))");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("removeV")
    void theFileSurvivesUnderADenyRuleOnRm(String line) throws Exception {
        PermissionPolicy denyRm = PermissionPolicy.of(List.of(), List.of(), List.of("bash(rm *)"))
                .withMode(PermissionMode.YES);

        RunOutcome outcome = run(line, denyRm);

        assertThat(root.resolve("v")).as(outcome.seen()).exists();
        assertThat(outcome.result().deniedCalls()).hasSize(1);
        assertThat(outcome.seen()).contains("denied by policy");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("removeV")
    void withoutTheRuleTheSameLineRemovesTheFile(String line) throws Exception {
        RunOutcome outcome = run(line, PermissionPolicy.defaults().withMode(PermissionMode.YES));

        assertThat(root.resolve("v")).as(outcome.seen()).doesNotExist();
        assertThat(outcome.result().deniedCalls()).isEmpty();
    }

    private RunOutcome run(String line, PermissionPolicy policy) throws Exception {
        Files.writeString(root.resolve("v"), "keep me");
        SandboxWorkspace workspace = SandboxWorkspace.builder(root).build();
        assertThat(workspace.sandbox().containment()).as("bubblewrap must be installed: apt-get install bubblewrap")
                .isEqualTo(Containment.CONTAINED);
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "bash", "{\"command\":" + json(line) + "}")).answer("done").build();

        RunResult result = Agent.builder().model(model).tools(new BashTool()).workspace(workspace)
                .permissions(policy).build().run("Tidy up");

        String seen = ((ToolMessage) model.requests().get(1).messages().getLast()).results().get(0).content();
        return new RunOutcome(result, seen);
    }

    private record RunOutcome(RunResult result, String seen) {
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
