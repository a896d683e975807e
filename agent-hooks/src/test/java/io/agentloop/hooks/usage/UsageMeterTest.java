package io.agentloop.hooks.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsageMeterTest {
    private static final Usage PER_CALL = new Usage(1000, 200, 400, 50);
    private static final PriceTable PRICES = PriceTable.parse(List.of(
            "openai/gpt-test input=2 output=8 cached=0.5", "ollama/* input=0 output=0"));

    private final FakeTool clock = FakeTool.named("clock").readOnly().returning("12:00");

    private static ScriptedChatModel toolThenAnswer(int runs) {
        ScriptedChatModel.Builder script = ScriptedChatModel.script().usage(PER_CALL);
        for (int i = 0; i < runs; i++) {
            script.toolCalls(ToolCall.of("c" + i, "clock", "{}")).answer("It is noon.");
        }
        return script.build();
    }

    @Test
    void tokensAndCostAreCountedPerCallPerRunAndInTotal() {
        UsageMeter meter = new UsageMeter("openai", "gpt-test", PRICES, Budget.NONE);
        Agent agent = Agent.builder().model(toolThenAnswer(2)).tools(clock).hooks(meter).listeners(meter).build();

        agent.run("time?");
        agent.run("and now?");

        assertThat(meter.calls()).containsExactly(PER_CALL, PER_CALL, PER_CALL, PER_CALL);
        assertThat(meter.runs()).containsExactly(new Usage(2000, 400, 800, 100), new Usage(2000, 400, 800, 100));
        assertThat(meter.total()).isEqualTo(new Usage(4000, 800, 1600, 200));
        // per call: 600 uncached x 2 + 400 cached x 0.5 + 200 output x 8 = 3000 per million
        assertThat(meter.cost(PER_CALL).getAsDouble()).isCloseTo(0.003, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(meter.costText(meter.total())).contains("0.0120");
        assertThat(new UsageMeter("ollama", "llama3", PRICES, Budget.NONE).cost(PER_CALL).getAsDouble()).isZero();
        assertThat(new UsageMeter("anthropic", "claude", PRICES, Budget.NONE).cost(PER_CALL)).isEmpty();
    }

    @Test
    void aSubAgentsTokensCountInTheRunThatStartedItAndItsBudgetStopsBoth() {
        UsageMeter meter = new UsageMeter("openai", "gpt-test", PRICES, Budget.NONE.withRunTokens(1500));
        ScriptedChatModel child = ScriptedChatModel.script().usage(Usage.of(600, 200))
                .toolCalls(ToolCall.of("k1", "clock", "{}")).toolCalls(ToolCall.of("k2", "clock", "{}"))
                .answer("noon").build();
        ScriptedChatModel parent = ScriptedChatModel.script().usage(Usage.of(100, 50))
                .toolCalls(ToolCall.of("c1", "task", "{\"agent\":\"helper\",\"task\":\"time?\"}"))
                .answer("It is noon.").build();

        RunResult result = Agent.builder().model(parent).hooks(meter).listeners(meter)
                .subAgents(SubAgentProfile.of("helper", "Tells the time.", "You help.", List.of(clock)).withModel(child))
                .build().run("What time is it?");

        assertThat(child.calls()).as("the sub-agent's second call took the run past 1500 tokens").isEqualTo(2);
        assertThat(clock.calls()).as("so its second tool call never ran").hasSize(1);
        assertThat(result.toolCalls().getFirst().result().isError()).isTrue();
        assertThat(result.reason()).as("the parent stops before its next call").contains(TerminalReason.TOKEN_LIMIT);
        assertThat(parent.calls()).isEqualTo(1);
        assertThat(meter.total()).isEqualTo(Usage.of(1300, 450));
        assertThat(meter.runs()).as("one run: the sub-agent's counts in it").containsExactly(Usage.of(1300, 450));
        assertThat(meter.cost(meter.runs().getFirst()).getAsDouble())
                .isCloseTo((1300 * 2 + 450 * 8) / 1e6, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aTokenBudgetEndsTheRunBeforeItsToolsRunWithItsOwnReason() {
        UsageMeter meter = new UsageMeter("openai", "gpt-test", PRICES, Budget.NONE.withRunTokens(1000));
        ScriptedChatModel model = toolThenAnswer(1);

        RunResult result = Agent.builder().model(model).tools(clock).hooks(meter).listeners(meter).build().run("time?");

        assertThat(result.reason()).contains(TerminalReason.TOKEN_LIMIT);
        assertThat(clock.calls()).isEmpty();
        assertThat(model.calls()).isEqualTo(1);
    }

    @Test
    void aCostBudgetSpentInOneRunStopsTheNextBeforeItsFirstModelCall() {
        UsageMeter meter = new UsageMeter("openai", "gpt-test", PRICES, Budget.NONE.withTotalCost(0.005));
        ScriptedChatModel model = toolThenAnswer(2);
        Agent agent = Agent.builder().model(model).tools(clock).hooks(meter).listeners(meter).build();

        RunResult first = agent.run("time?");
        RunResult second = agent.run("and now?");

        assertThat(first.reason()).as("an answer is let through").contains(TerminalReason.ANSWERED);
        assertThat(second.reason()).contains(TerminalReason.TOKEN_LIMIT);
        assertThat(model.calls()).isEqualTo(2);
    }

    @Test
    void aBadPriceLineSaysHowToWriteIt() {
        assertThatThrownBy(() -> PriceTable.parse(List.of("gpt-4 costs 2")))
                .hasMessageContaining("'gpt-4 costs 2'").hasMessageContaining("provider/model input=");
    }
}
