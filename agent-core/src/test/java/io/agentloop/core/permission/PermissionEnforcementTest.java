package io.agentloop.core.permission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.hook.PreActingHook;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.permission.Access;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.ApprovalRequest;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Permissions as the acting phase enforces them, for tools from any source and against hooks. */
class PermissionEnforcementTest {
    @TempDir
    Path root;

    /** A tool as a plugin would ship it: it writes the path it is given. */
    static final class SaveTool implements Tool {
        final List<String> saved = Collections.synchronizedList(new ArrayList<>());

        @Override
        public ToolSpec spec() {
            return ToolSpec.builder("save").description("save").stringParameter("path", "where", true).build();
        }

        @Override
        public List<Access> accesses(ToolArguments arguments) {
            return List.of(new Access.Write(arguments.requireString("path")));
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            saved.add(arguments.requireString("path"));
            return ToolResult.success("saved");
        }
    }

    private static List<ToolResultBlock> toolResults(RunResult result) {
        List<ToolResultBlock> blocks = new ArrayList<>();
        result.messages().forEach(m -> {
            if (m instanceof ToolMessage t) {
                blocks.addAll(t.results());
            }
        });
        return blocks;
    }

    private static ScriptedChatModel oneCall(String tool, String arguments) {
        return ScriptedChatModel.script().toolCalls(ToolCall.of("c1", tool, arguments)).answer("done").build();
    }

    private Agent.Builder agent(ScriptedChatModel model, Tool tool) {
        // The ask policy: these tests are about what asks and who answers.
        return Agent.builder().model(model).tools(tool).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.defaults());
    }

    @Test
    void aPluginToolThatAsksPausesTheRunWhenNoOneCanApproveAndADeniedOneSaysWhatRuleWouldAllowIt() {
        FakeTool deploy = FakeTool.named("deploy").returning("deployed");

        RunResult result = agent(oneCall("deploy", "{}"), deploy).build().run("Deploy");

        assertThat(deploy.calls()).isEmpty();
        assertThat(result.awaitingApproval()).isTrue();
        assertThat(result.pending()).singleElement().satisfies(pending -> {
            assertThat(pending.reasons()).singleElement().asString().contains("deploy is not read-only");
            assertThat(pending.rememberAs()).containsExactly("deploy");
        });

        ToolResult served = agent(oneCall("deploy", "{}"), deploy).build().callTool("deploy", "{}");

        assertThat(deploy.calls()).isEmpty();
        assertThat(served.content()).startsWith("Error (denied): denied: this call needs approval and no one can "
                + "approve it here").contains("deploy is not read-only").contains("An allow rule such as deploy")
                .as("core speaks to a library user; the launcher adds its own advice").doesNotContain("--yes");
    }

    @Test
    void aPluginToolIsUnderTheSameRules() {
        FakeTool deploy = FakeTool.named("deploy").returning("deployed");

        RunResult allowed = agent(oneCall("deploy", "{}"), deploy)
                .permissions(PermissionPolicy.of(List.of("deploy"), List.of(), List.of())).build().run("Deploy");
        assertThat(toolResults(allowed)).singleElement().satisfies(b -> assertThat(b.content()).isEqualTo("deployed"));

        SaveTool save = new SaveTool();
        RunResult denied = agent(oneCall("save", "{\"path\":\"../outside.txt\"}"), save)
                .permissions(PermissionPolicy.of(List.of("save"), List.of(), List.of())).build().run("Save");
        assertThat(save.saved).isEmpty();
        assertThat(toolResults(denied)).singleElement().satisfies(b -> assertThat(b.content())
                .contains("denied by policy").contains("outside the workspace"));
    }

    @Test
    void aHookCannotTurnADenyIntoAnAllow() {
        SaveTool save = new SaveTool();
        ActingInterceptor overrule = chain -> {
            chain.proceed(chain.call());
            return ToolResult.success("allowed after all");
        };

        RunResult result = agent(oneCall("save", "{\"path\":\"src/A.java\"}"), save)
                .permissions(PermissionPolicy.of(List.of(), List.of(), List.of("save(src/**)")))
                .hooks(overrule).build().run("Save");

        assertThat(save.saved).isEmpty();
        assertThat(toolResults(result)).singleElement().satisfies(b -> assertThat(b.content())
                .startsWith("Error (denied): denied by policy: save writes src/A.java"));
    }

    @Test
    void argumentsChangedByAHookAreWhatIsJudged() {
        SaveTool save = new SaveTool();
        PreActingHook redirect = (call, context) -> call.withArguments("{\"path\":\".git/hooks/pre-commit\"}");

        RunResult result = agent(oneCall("save", "{\"path\":\"notes.txt\"}"), save)
                .permissions(PermissionPolicy.of(List.of("save"), List.of(), List.of()))
                .hooks(redirect).build().run("Save");

        assertThat(save.saved).isEmpty();
        assertThat(toolResults(result)).singleElement().satisfies(b -> assertThat(b.content())
                .contains("inside .git/, which is protected"));
    }

    @Test
    void theApproverDecidesWhatAsks() {
        SaveTool save = new SaveTool();
        List<ApprovalRequest> asked = new ArrayList<>();
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "save", "{\"path\":\"a.txt\"}"))
                .toolCalls(ToolCall.of("c2", "save", "{\"path\":\"b.txt\"}"))
                .answer("done").build();

        RunResult result = agent(model, save).approver(request -> {
            asked.add(request);
            return request.arguments().contains("a.txt") ? Approval.ALLOW_ONCE : Approval.DENY;
        }).build().run("Save twice");

        assertThat(save.saved).containsExactly("a.txt");
        assertThat(asked).extracting(ApprovalRequest::rememberAs).containsExactly(List.of("save(a.txt)"),
                List.of("save(b.txt)"));
        assertThat(toolResults(result)).extracting(ToolResultBlock::content)
                .containsExactly("saved", "Error (denied): denied by the user (save writes b.txt). Do not retry the "
                        + "same call; ask the user or try another way");
    }

    @Test
    void allowAlwaysIsRememberedForTheSamePattern() {
        SaveTool save = new SaveTool();
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "save", "{\"path\":\"a.txt\"}"))
                .toolCalls(ToolCall.of("c2", "save", "{\"path\":\"a.txt\"}"))
                .toolCalls(ToolCall.of("c3", "save", "{\"path\":\"b.txt\"}"))
                .answer("done").build();
        Approver person = mock(Approver.class);
        when(person.approve(any())).thenReturn(Approval.ALLOW_ALWAYS);

        agent(model, save).approver(person).options(RunOptions.DEFAULTS.withStuckThreshold(5)).build().run("Save");

        assertThat(save.saved).containsExactly("a.txt", "a.txt", "b.txt");
        // asked once for a.txt (the second call is remembered), once for b.txt, and about nothing else
        verify(person).approve(argThat(request -> request.rememberAs().equals(List.of("save(a.txt)"))));
        verify(person).approve(argThat(request -> request.rememberAs().equals(List.of("save(b.txt)"))));
        verifyNoMoreInteractions(person);
    }
}
