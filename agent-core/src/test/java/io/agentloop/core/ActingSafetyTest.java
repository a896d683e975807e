package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.permission.Access;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an agent built in code says about calls it cannot run, calls it refused, and secrets in results. */
class ActingSafetyTest {
    @TempDir
    Path root;

    /** A tool that touches what {@code accesses} says, and returns "ok". */
    record Touching(String name, String parameter, Function<String, Access> access) implements Tool {
        @Override
        public ToolSpec spec() {
            return ToolSpec.builder(name).description(name).stringParameter(parameter, parameter, true).build();
        }

        @Override
        public List<Access> accesses(ToolArguments arguments) {
            return List.of(access.apply(arguments.requireString(parameter)));
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            return ToolResult.success("ok");
        }
    }

    private final Tool save = new Touching("save", "path", Access.Write::new);
    private final Tool shell = new Touching("sh", "command", Access.Command::new);
    private final Tool lookup = FakeTool.named("lookup").readOnly().returning("ok");

    private Agent.Builder agent(PermissionPolicy policy) {
        return Agent.builder().model(ScriptedChatModel.script().answer("hi").build()).tools(save, shell, lookup)
                .workspace(SandboxWorkspace.of(root)).permissions(policy);
    }

    @Test
    void toolsThatCanNeverRunWithoutAnApproverAreNamedWhenTheAgentIsBuilt() {
        PermissionPolicy defaults = PermissionPolicy.defaults();

        assertThat(agent(defaults).build().toolsNeedingApproval()).containsExactly("save", "sh");
        assertThat(agent(defaults.withMode(PermissionMode.EDIT)).build().toolsNeedingApproval()).containsExactly("sh");
        assertThat(agent(defaults.withMode(PermissionMode.AUTO)).build().toolsNeedingApproval())
                .as("commands run in the sandbox in mode auto (bubblewrap is installed)").isEmpty();
        assertThat(agent(PermissionPolicy.of(List.of("sh(ls *)"), List.of(), List.of())).build()
                .toolsNeedingApproval()).containsExactly("save");
        assertThat(agent(defaults).approver(request -> Approval.DENY).build().toolsNeedingApproval()).isEmpty();
    }

    @Test
    void aRunWithNoOneToApprovePausesAtTheCallThatAsksAndOnceDeniedAnswersListingIt() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "save", "{\"path\":\"notes.txt\"}"), ToolCall.of("2", "lookup", "{}"))
                .answer("I could not save it.").build();
        Agent agent = Agent.builder().model(model).tools(save, lookup).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.defaults()).build();

        RunResult paused = agent.run("Save a note");

        assertThat(paused.awaitingApproval()).isTrue();
        assertThat(paused.pending()).singleElement().satisfies(pending -> {
            assertThat(pending.call().name()).isEqualTo("save");
            assertThat(pending.reasons()).singleElement().asString().contains("save writes notes.txt");
        });
        assertThat(paused.toolCalls()).as("the read-only call of the same turn ran")
                .singleElement().satisfies(record -> assertThat(record.call().name()).isEqualTo("lookup"));
        assertThat(model.calls()).isEqualTo(1);

        RunResult result = agent.resume(Resumption.of(paused, List.of(CallDecision.deny("1", Optional.of("not now")))));

        assertThat(result.success()).isTrue();
        assertThat(result.deniedCalls()).singleElement().satisfies(record -> {
            assertThat(record.call().name()).isEqualTo("save");
            assertThat(record.result().content()).startsWith("Error (denied): denied by the user: not now");
        });
        ToolMessage results = (ToolMessage) result.messages().get(result.messages().size() - 2);
        assertThat(results.results()).extracting(r -> r.toolCallId()).containsExactly("1", "2");
    }

    @Test
    void secretsInAToolResultAreMaskedBeforeTheModelSeesThem() {
        String planted = "planted-credential-value-9921";
        String shaped = "sk-proj-PlantedShape0123456789abcdef";
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("1", "lookup", "{}"))
                .answer("done").build();
        Tool leaky = FakeTool.named("lookup").readOnly().returning("found " + planted + " and " + shaped + " in x");

        RunResult result = Agent.builder().model(model).tools(leaky).workspace(SandboxWorkspace.of(root))
                .secretMask(SecretRedactor.forToolResults(Map.of("DEPLOY_TOKEN", planted))).build().run("Look");

        String seen = ((ToolMessage) model.requests().get(1).messages().getLast()).results().get(0).content();
        assertThat(seen).isEqualTo("found [REDACTED] and [REDACTED] in x");
        assertThat(result.toolCalls().get(0).result().content()).isEqualTo(seen);
    }
}
