package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CompactionOptions;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import org.junit.jupiter.api.Test;

/**
 * The ways through the two machines that are not a plain tool round or answer: where a failing
 * model call goes, by the design's edges (the inner process's failure ends the run from EXECUTING;
 * a conversation the provider found too long is observed and compacted).
 */
class MachinePathsTest {
    private final Scenario scenario = new Scenario();

    @Test
    void aConversationTheProviderFindsTooLongIsObservedCompactedAndCalledAgain() {
        FakeTool look = FakeTool.named("look").readOnly().returning("x".repeat(2000));
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("a1", "look", "{}"))
                .fail(new ContextLengthExceededException("prompt is too long", null))
                .answer("done").build();

        RunResult result = scenario.agent(model).tools(look)
                .options(RunOptions.DEFAULTS.withCompaction(new CompactionOptions(0, 1_000_000, "sliding-window")))
                .build().run("Look");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(scenario.events.transitions()).containsExactlyElementsOf(Scenario.expect().toolIteration()
                .then("PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>ERROR", "EXECUTING>OBSERVING",
                        "OBSERVING>COMPACTING", "COMPACTING>PLANNING")
                .answer().steps());
    }

    @Test
    void aModelCallThatFailsForGoodEndsTheRunFromExecuting() {
        ContextLengthExceededException tooLong = new ContextLengthExceededException("context_length_exceeded", null);
        ScriptedChatModel model = ScriptedChatModel.script().fail(tooLong).fail(tooLong).answer("never").build();

        RunResult result = scenario.agent(model).build().run("hi");

        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(scenario.events.transitions()).containsExactly("INIT>PLANNING", "PLANNING>EXECUTING",
                "IDLE>CALLING", "CALLING>ERROR", "EXECUTING>OBSERVING", "OBSERVING>COMPACTING", "COMPACTING>PLANNING",
                "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>ERROR", "EXECUTING>FAILED");
    }
}
