package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What {@code run --resume} with no task goes on from, and the line it shows first. */
class GoingOnTest {
    private static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

    private static CallProgress progress(String id, CallProgress.Stage stage, Optional<CallDecision> decision) {
        ToolCall call = ToolCall.of(id, "bash", "{}");
        return new CallProgress(call, stage, stage == CallProgress.Stage.FINISHED
                ? Optional.of(new ToolResultBlock(id, "bash", "ok", false)) : Optional.empty(),
                stage == CallProgress.Stage.PENDING ? Optional.of(new PendingCall(call, List.of("asks"), List.of()))
                        : Optional.empty(), decision, AT);
    }

    private static OpenTurn turn(CallProgress... calls) {
        return new OpenTurn(new AssistantMessage(List.<ContentBlock>of(ToolCall.of("x", "bash", "{}")), Usage.ZERO,
                StopReason.TOOL_CALLS), List.of(calls));
    }

    @Test
    void anAnsweredConversationLeavesNothingAndAnUnansweredOneOrAnOpenTurnLeavesSomething() {
        List<io.agentloop.api.message.Message> answered = List.of(new SystemMessage("s"), UserMessage.of("hi"),
                AssistantMessage.of("hello"));
        assertThat(GoingOn.anything(answered, Optional.empty())).isFalse();
        assertThat(GoingOn.anything(List.of(), Optional.empty())).isFalse();
        assertThat(GoingOn.anything(List.of(new SystemMessage("s")), Optional.empty())).isFalse();
        assertThat(GoingOn.anything(List.of(UserMessage.of("hi")), Optional.empty()))
                .as("the model call did not finish").isTrue();
        assertThat(GoingOn.anything(List.of(UserMessage.of("hi"), new ToolMessage(List.of(
                new ToolResultBlock("c", "bash", "ok", false)))), Optional.empty())).as("results not yet seen").isTrue();
        assertThat(GoingOn.anything(answered, Optional.of(turn(progress("c1", CallProgress.Stage.STARTED,
                Optional.empty()))))).isTrue();
    }

    @Test
    void theLineCountsHowFarEachCallOfTheOpenTurnGot() {
        OpenTurn open = turn(progress("c1", CallProgress.Stage.FINISHED, Optional.empty()),
                progress("c2", CallProgress.Stage.FINISHED, Optional.empty()),
                progress("c3", CallProgress.Stage.PENDING, Optional.of(CallDecision.approve("c3"))),
                progress("c4", CallProgress.Stage.PENDING, Optional.of(CallDecision.deny("c4", Optional.empty()))),
                progress("c5", CallProgress.Stage.STARTED, Optional.empty()),
                progress("c6", CallProgress.Stage.NOT_STARTED, Optional.empty()),
                progress("c7", CallProgress.Stage.PENDING, Optional.empty()));

        assertThat(GoingOn.line("s-1", Optional.of(open))).isEqualTo("[resume] session s-1: 2 calls done, 1 approved, "
                + "1 denied, 1 interrupted, 1 not started, 1 still waiting for a decision; going on");
        assertThat(GoingOn.line("s-1", Optional.of(turn(progress("c5", CallProgress.Stage.STARTED, Optional.empty())))))
                .isEqualTo("[resume] session s-1: 1 call interrupted; going on");
        assertThat(GoingOn.line("s-1", Optional.empty()))
                .isEqualTo("[resume] session s-1: going on from its last message: the model is asked again");
    }
}
