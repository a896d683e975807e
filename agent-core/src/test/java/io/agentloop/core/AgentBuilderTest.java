package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.run.CompactionOptions;
import io.agentloop.api.run.RunOptions;
import io.agentloop.core.registry.Extensions;
import io.agentloop.core.registry.Origin;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.RecordingHook;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentBuilderTest {

    @Test
    void anAgentNeedsAModel() {
        assertThatThrownBy(() -> Agent.builder().build()).hasMessageContaining("needs a chat model");
    }

    @Test
    void toolNamesMustBeUnique() {
        assertThatThrownBy(() -> Agent.builder().model(ScriptedChatModel.script().build())
                .tools(FakeTool.named("read").returning("1"), FakeTool.named("read").returning("2")).build())
                .hasMessageContaining("two tools are named 'read'");
    }

    @Test
    void buildingFreezesTheRegistriesAndAppliesTheirHooksBeforeTheAgentsOwn() {
        List<String> log = RecordingHook.newLog();
        Extensions extensions = Extensions.discoverBuiltIns();
        extensions.add(new RecordingHook("global", 0, log), Origin.plugin("audit", "1.0"));
        Agent agent = Agent.builder().model(ScriptedChatModel.script().answer("hi").build()).extensions(extensions)
                .hooks(new RecordingHook("own", 0, log))
                .options(RunOptions.DEFAULTS.withCompaction(new CompactionOptions(5, 0, "sliding-window")))
                .build();

        assertThat(extensions.hooks().frozen()).isTrue();
        assertThatThrownBy(() -> extensions.add((PreReasoningHook) (r, c) -> r, Origin.CODE))
                .isInstanceOf(IllegalStateException.class);
        agent.run("hi");
        assertThat(log).startsWith("global.beforeReply", "own.beforeReply");
        assertThat(agent.settings().compactionStrategies()).containsKeys("truncate", "sliding-window");
    }

    @Test
    void aMisspelledSchemaKeywordMakesTheToolBrokenInsteadOfBlamingTheModel() {
        io.agentloop.api.tool.Tool misspelled = new io.agentloop.api.tool.Tool() {
            @Override
            public io.agentloop.api.tool.ToolSpec spec() {
                return new io.agentloop.api.tool.ToolSpec("misspelled", "", java.util.Map.of("type", "object",
                        "propertes", java.util.Map.of("path", java.util.Map.of("type", "string")),
                        "additionalProperties", false));
            }

            @Override
            public io.agentloop.api.tool.ToolResult execute(io.agentloop.api.tool.ToolArguments arguments,
                                                            io.agentloop.api.tool.ToolContext context) {
                throw new AssertionError("never called");
            }
        };
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(io.agentloop.api.message.ToolCall.of("c1",
                "misspelled", "{\"path\":\"a.txt\"}")).answer("ok").build();

        io.agentloop.api.run.RunResult result = Agent.builder().model(model).tools(misspelled).build().run("go");

        assertThat(result.toolCalls().get(0).result().content()).startsWith("Error (tool_broken)")
                .contains("the schema has the keyword 'propertes', which JSON Schema does not know (did you mean "
                        + "'properties'?)").doesNotContain("invalid_arguments");
    }

    @Test
    void aToolWithAnInvalidSchemaFailsItsCallsNotTheAgent() {
        io.agentloop.api.tool.Tool broken = new io.agentloop.api.tool.Tool() {
            @Override
            public io.agentloop.api.tool.ToolSpec spec() {
                return new io.agentloop.api.tool.ToolSpec("broken", "", java.util.Map.of("type", 12));
            }

            @Override
            public io.agentloop.api.tool.ToolResult execute(io.agentloop.api.tool.ToolArguments arguments,
                                                            io.agentloop.api.tool.ToolContext context) {
                throw new AssertionError("never called");
            }
        };
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(io.agentloop.api.message.ToolCall.of("c1", "broken", "{}")).answer("ok").build();

        Agent agent = Agent.builder().model(model).tools(broken).build();
        io.agentloop.api.run.RunResult result = agent.run("go");

        assertThat(result.toolCalls().get(0).result().content()).startsWith("Error (tool_broken)")
                .contains("'broken'").contains("the type '12', which is not a JSON type").contains("fixes the schema");
        assertThatThrownBy(() -> agent.settings().tools().awaitSchemas())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'broken'");
    }

    @Test
    void everyAgentHasAnIdANameAndADescription() {
        io.agentloop.testkit.ScriptedChatModel model = io.agentloop.testkit.ScriptedChatModel.script().build();
        Agent plain = Agent.builder().model(model).build();
        Agent named = Agent.builder().model(model).name("reviewer").description("Reviews changes.").build();

        assertThat(plain.name()).isEqualTo("agent");
        assertThat(plain.description()).isEmpty();
        assertThat(plain.id()).matches("agent-\\d+");
        assertThat(named.name()).isEqualTo("reviewer");
        assertThat(named.description()).isEqualTo("Reviews changes.");
        assertThat(named.id()).matches("reviewer-\\d+").isNotEqualTo(Agent.builder().model(model).name("reviewer")
                .build().id());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Agent.builder().name("two words"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'two words'");
    }

    @Test
    void aRunsStartNamesItsAgent() {
        io.agentloop.testkit.RecordingListener listener = new io.agentloop.testkit.RecordingListener();
        Agent.builder().model(io.agentloop.testkit.ScriptedChatModel.script().answer("hi").build()).name("greeter")
                .listeners(listener).build().run("Hello");

        assertThat(listener.ofType(io.agentloop.api.event.AgentEvent.RunStarted.class)).singleElement()
                .satisfies(started -> {
                    assertThat(started.agent()).isEqualTo("greeter");
                    assertThat(started.parentRunId()).isEmpty();
                });
    }
}
