package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A run cancelled while its answer streams counts the tokens of that call: what the provider
 * reported before the cancel, else an estimate from the request sent and the text received (most
 * providers report usage only with their final event, which a cancelled stream never gets to).
 */
class CancelledCallTokensTest {
    private final Scenario scenario = new Scenario();

    private RunResult cancelledWhileStreaming(ScriptedChatModel model) throws Exception {
        RunHandle handle = scenario.agent(model).build().start(List.of(), "Tell me a long story");
        assertThat(model.awaitHanging(1, TimeUnit.MINUTES)).isTrue();
        handle.cancel();
        RunResult result = handle.result().get(1, TimeUnit.MINUTES);
        assertThat(result.reason()).contains(TerminalReason.CANCELLED);
        return result;
    }

    @Test
    void aCancelledAnswerWithoutReportedUsageCountsTheEstimatedTokensOfTheRequestAndOfTheTextReceived()
            throws Exception {
        String received = "Once upon a time, in a land far away, there lived a fox";
        ScriptedChatModel model = ScriptedChatModel.script().hang(new StreamEvent.TextDelta(received)).build();

        RunResult result = cancelledWhileStreaming(model);

        List<Message> sent = List.of(UserMessage.of("Tell me a long story"));
        Usage estimated = Usage.of(TokenEstimator.CHARACTERS.estimate(sent),
                TokenEstimator.CHARACTERS.estimate(AssistantMessage.of(received)));
        assertThat(estimated.outputTokens()).isPositive();
        assertThat(result.usage()).isEqualTo(estimated);
        assertThat(((AssistantMessage) result.messages().getLast()).usage()).as("the partial answer's usage")
                .isEqualTo(estimated);
    }

    @Test
    void aCancelledAnswerKeepsTheCountsTheProviderReportedBeforeTheCancel() throws Exception {
        ScriptedChatModel model = ScriptedChatModel.script().hang(new StreamEvent.TextDelta("Once"),
                new StreamEvent.UsageReport(Usage.of(40, 3))).build();

        assertThat(cancelledWhileStreaming(model).usage()).isEqualTo(Usage.of(40, 3));
    }

    @Test
    void aCancelWhileTheModelOnlyReasonedStillCountsTheReasoningReceived() throws Exception {
        ScriptedChatModel model = ScriptedChatModel.script()
                .hang(new StreamEvent.ReasoningDelta("The user wants a story; a fox, perhaps.")).build();

        RunResult result = cancelledWhileStreaming(model);

        assertThat(result.usage().outputTokens()).as("tokens of the reasoning received").isPositive();
        assertThat(result.messages()).as("no answer was written: none is kept").hasSize(1);
    }
}
