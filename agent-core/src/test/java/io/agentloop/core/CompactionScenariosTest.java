package io.agentloop.core;

import io.agentloop.api.run.DecisionKind;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.CompactionOptions;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CompactionScenariosTest {
    private final Scenario scenario = new Scenario();

    @ParameterizedTest
    @ValueSource(strings = {"truncate", "sliding-window"})
    void compactionKeepsTheSystemMessageAndEveryCallWithItsResult(String strategy) {
        FakeTool look = FakeTool.named("look").readOnly().integerParameter("n", true)
                .returning(args -> "result " + args.integer("n").orElseThrow());
        ScriptedChatModel.Builder script = ScriptedChatModel.script();
        for (int i = 1; i <= 6; i++) {
            // Two calls per turn, so each turn adds an assistant message and a tool message.
            script.toolCalls(ToolCall.of("a" + i, "look", "{\"n\":" + i + "}"),
                    ToolCall.of("b" + i, "look", "{\"n\":" + (100 + i) + "}"));
        }
        ScriptedChatModel model = script.answer("done").build();

        RunResult result = scenario.agent(model).systemPrompt("System rules.").tools(look)
                .options(RunOptions.DEFAULTS.withMaxIterations(20)
                        .withCompaction(new CompactionOptions(7, 0, strategy)))
                .build().run("Look six times");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        List<AgentEvent.Compacted> compactions = scenario.events.ofType(AgentEvent.Compacted.class);
        assertThat(compactions).isNotEmpty().allSatisfy(c -> {
            assertThat(c.strategy()).isEqualTo(strategy);
            assertThat(c.after()).isLessThan(c.before());
        });
        // 2 messages to start, 2 more a turn: over 7 after turns 3 and 5, compacted each time to 4: the
        // system message, the task and the latest turn.
        assertThat(scenario.events.transitions()).containsExactlyElementsOf(Scenario.expect()
                .toolIteration().toolIteration().toolIterationThenCompaction()
                .toolIteration().toolIterationThenCompaction().toolIteration()
                .answer().steps());
        assertThat(compactions).extracting(AgentEvent.Compacted::before, AgentEvent.Compacted::after)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(8, 4), org.assertj.core.groups.Tuple.tuple(8, 4));
        for (ChatRequest request : model.requests()) {
            assertThat(request.messages().get(0)).isEqualTo(new SystemMessage("System rules."));
            assertThat(request.messages().get(1)).isEqualTo(UserMessage.of("Look six times"));
            assertPairsIntact(request.messages());
        }
        assertPairsIntact(result.messages());
    }

    /** Every tool message answers exactly the calls of the assistant message just before it. */
    private static void assertPairsIntact(List<Message> messages) {
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i) instanceof ToolMessage tools) {
                assertThat(i).as("a tool message cannot come first").isGreaterThan(0);
                assertThat(messages.get(i - 1)).isInstanceOf(AssistantMessage.class);
                AssistantMessage caller = (AssistantMessage) messages.get(i - 1);
                assertThat(tools.results()).extracting(ToolResultBlock::toolCallId)
                        .containsExactlyElementsOf(caller.toolCalls().stream().map(ToolCall::id).toList());
            }
            if (messages.get(i) instanceof AssistantMessage a && a.hasToolCalls()) {
                assertThat(i + 1).as("a call needs its result").isLessThan(messages.size());
                assertThat(messages.get(i + 1)).isInstanceOf(ToolMessage.class);
            }
        }
    }

    @Test
    void anEstimatedTokenCountOverTheThresholdTriggersCompactionToo() {
        FakeTool look = FakeTool.named("look").readOnly().returning("a long result");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "look", "{}"))
                .toolCalls(ToolCall.of("2", "look", "{\"again\":1}"))
                .answer("done")
                .build();

        RunResult result = scenario.agent(model).tools(look).tokenEstimator(message -> 10)
                .options(RunOptions.DEFAULTS.withCompaction(new CompactionOptions(0, 40, "sliding-window")))
                .build().run("Look");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(scenario.events.ofType(AgentEvent.Decision.class)).extracting(AgentEvent.Decision::reason)
                .contains("about 50 tokens, over the threshold of 40");
        // Ten tokens a message: the user message and two turns make 50; the window keeps the task and the last turn.
        assertThat(scenario.events.ofType(AgentEvent.Compacted.class)).singleElement()
                .satisfies(c -> assertThat(c.before()).isEqualTo(5))
                .satisfies(c -> assertThat(c.after()).isEqualTo(3));
    }

    @Test
    void anUnknownStrategyFailsTheRunNamingTheAvailableOnes() {
        FakeTool look = FakeTool.named("look").readOnly().returning("x");
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("1", "look", "{}")).build();

        RunResult result = scenario.agent(model).tools(look)
                .options(RunOptions.DEFAULTS.withCompaction(new CompactionOptions(2, 0, "summary")))
                .build().run("Look");

        assertThat(result.error()).get().extracting(Throwable::getMessage).asString()
                .contains("no compaction strategy named 'summary'").contains("[sliding-window, truncate]");
    }

    @Test
    void aContextLengthErrorCompactsTheConversationAndCallsOnceMore() {
        FakeTool look = FakeTool.named("look").readOnly().integerParameter("n", true)
                .returning(args -> "x".repeat(2000));
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("a1", "look", "{\"n\":1}"))
                .toolCalls(ToolCall.of("a2", "look", "{\"n\":2}"))
                .toolCalls(ToolCall.of("a3", "look", "{\"n\":3}"))
                .fail(new io.agentloop.api.model.ContextLengthExceededException("prompt is too long: 210000 tokens "
                        + "> 200000 maximum", null))
                .answer("done").build();

        RunResult result = scenario.agent(model).systemPrompt("System rules.").tools(look)
                .options(RunOptions.DEFAULTS.withCompaction(new CompactionOptions(0, 1_000_000, "sliding-window")))
                .build().run("Look three times");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(scenario.events.ofType(AgentEvent.Compacted.class)).singleElement()
                .satisfies(c -> assertThat(c.after()).isLessThan(c.before()));
        assertThat(scenario.events.ofType(AgentEvent.Decision.class)).anySatisfy(d -> {
            assertThat(d.kind()).isEqualTo(DecisionKind.COMPACT);
            assertThat(d.reason()).contains("too long");
        });
        List<ChatRequest> requests = model.requests();
        assertThat(requests).hasSize(5);
        assertThat(requests.get(4).messages().size()).isLessThan(requests.get(3).messages().size());
        assertThat(requests.get(4).messages().get(0)).isEqualTo(new SystemMessage("System rules."));
        assertPairsIntact(requests.get(4).messages());
    }

    @Test
    void aSecondContextLengthErrorInTheSameCallFailsTheRun() {
        io.agentloop.api.model.ContextLengthExceededException tooLong =
                new io.agentloop.api.model.ContextLengthExceededException("context_length_exceeded", null);
        ScriptedChatModel model = ScriptedChatModel.script().fail(tooLong).fail(tooLong).answer("never").build();

        RunResult result = scenario.agent(model).build().run("hi");

        assertThat(result.state()).isEqualTo(io.agentloop.api.run.AgentState.FAILED);
        assertThat(result.error()).get().asString().contains("context_length_exceeded");
        assertThat(model.calls()).isEqualTo(2);
    }
}
