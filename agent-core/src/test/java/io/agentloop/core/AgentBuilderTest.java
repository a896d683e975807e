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
}
