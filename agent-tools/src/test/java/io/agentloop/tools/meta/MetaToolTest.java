package io.agentloop.tools.meta;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.tools.file.ReadTool;
import io.agentloop.tools.plan.TodoTool;
import io.agentloop.tools.shell.BashTool;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The meta tool in the loop: a group the agent switches off is not offered by the next request, nor run. */
class MetaToolTest {
    @TempDir
    Path root;

    private static List<String> offered(ChatRequest request) {
        return request.tools().stream().map(ToolSpec::name).toList();
    }

    private RunResult run(ScriptedChatModel model) {
        List<Tool> tools = List.of(new ReadTool(), new BashTool(), new TodoTool());
        ToolGroups groups = ToolGroups.of(tools.stream().map(t -> t.spec().name()).toList());
        List<Tool> all = new ArrayList<>(tools);
        all.add(new MetaTool(groups));
        return Agent.builder().model(model).tools(all).hooks(groups).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.defaults()).build().run("Look around");
    }

    private static List<ToolResultBlock> results(RunResult result) {
        return result.messages().stream().filter(ToolMessage.class::isInstance)
                .flatMap(m -> ((ToolMessage) m).results().stream()).toList();
    }

    @Test
    void aGroupSwitchedOffIsNotOfferedByTheNextRequest() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "tool_groups", "{\"disable\":[\"shell\"]}"))
                .toolCalls(ToolCall.of("2", "tool_groups", "{}"))
                .answer("Done.").build();

        RunResult result = run(model);

        assertThat(offered(model.requests().get(0))).contains("read", "bash", "todo", "tool_groups");
        assertThat(offered(model.requests().get(1))).contains("read", "todo", "tool_groups").doesNotContain("bash");
        assertThat(offered(model.requests().get(2))).doesNotContain("bash");
        assertThat(results(result).getLast().content()).isEqualTo("Tool groups (tools outside them are always "
                + "offered):\n- file (on): read\n- shell (off): bash\n- plan (on): todo");
    }

    @Test
    void aGroupSwitchedOnAgainIsOfferedAgainAndACallToAnOffToolIsRefused() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "tool_groups", "{\"disable\":[\"shell\", \"plan\"]}"))
                .toolCalls(ToolCall.of("2", "bash", "{\"command\":\"echo hi\"}"))
                .toolCalls(ToolCall.of("3", "tool_groups", "{\"enable\":[\"shell\"]}"))
                .answer("Done.").build();

        RunResult result = run(model);

        assertThat(results(result).get(1).error()).isTrue();
        assertThat(results(result).get(1).content()).contains("the tool group 'shell' (with bash) is switched off");
        assertThat(offered(model.requests().get(3))).contains("bash").doesNotContain("todo");
    }

    @Test
    void anUnknownGroupIsRefusedNamingTheGroups() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "tool_groups", "{\"disable\":[\"network\"]}"))
                .answer("Done.").build();

        RunResult result = run(model);

        assertThat(results(result).getFirst().content()).contains("no tool group network; the groups are file, shell, "
                + "plan");
        assertThat(offered(model.requests().get(1))).contains("bash");
    }
}
