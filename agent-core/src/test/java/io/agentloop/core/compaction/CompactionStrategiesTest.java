package io.agentloop.core.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CompactionStrategiesTest {
    private static final SystemMessage SYSTEM = new SystemMessage("rules");
    private static final UserMessage TASK = UserMessage.of("task");
    private static final AssistantMessage CALL = new AssistantMessage(List.of(ToolCall.of("1", "read", "{}")),
            Usage.ZERO, StopReason.TOOL_CALLS);
    private static final ToolMessage RESULT = new ToolMessage(List.of(new ToolResultBlock("1", "read", "x", false)));
    private static final AssistantMessage CALL2 = new AssistantMessage(List.of(ToolCall.of("2", "read", "{}")),
            Usage.ZERO, StopReason.TOOL_CALLS);
    private static final ToolMessage RESULT2 = new ToolMessage(List.of(new ToolResultBlock("2", "read", "y", false)));
    private static final AssistantMessage ANSWER = AssistantMessage.of("done");

    private static final List<Message> CONVERSATION = List.of(SYSTEM, TASK, CALL, RESULT, CALL2, RESULT2, ANSWER);

    private static CompactionRequest keep(int messages) {
        return new CompactionRequest(CONVERSATION, messages, 0, TokenEstimator.CHARACTERS, Optional.empty());
    }

    @Test
    void truncateDropsWholeOldestTurns() {
        // 4 messages: system + the last call/result pair would be 3, with the answer 4.
        assertThat(new TruncateCompaction().compact(keep(4))).containsExactly(SYSTEM, CALL2, RESULT2, ANSWER);
        // 5 cannot split the first pair: dropping it (2 messages) after the task goes to 4.
        assertThat(new TruncateCompaction().compact(keep(5))).containsExactly(SYSTEM, CALL2, RESULT2, ANSWER);
        assertThat(new TruncateCompaction().compact(keep(6))).containsExactly(SYSTEM, CALL, RESULT, CALL2, RESULT2,
                ANSWER);
    }

    @Test
    void slidingWindowKeepsWhatFitsFromTheBack() {
        assertThat(new SlidingWindowCompaction().compact(keep(4))).containsExactly(SYSTEM, CALL2, RESULT2, ANSWER);
        assertThat(new SlidingWindowCompaction().compact(keep(2))).containsExactly(SYSTEM, ANSWER);
    }

    @Test
    void theLatestTurnAndTheSystemMessageAlwaysStay() {
        assertThat(new TruncateCompaction().compact(keep(1))).containsExactly(SYSTEM, ANSWER);
        assertThat(new SlidingWindowCompaction().compact(keep(1))).containsExactly(SYSTEM, ANSWER);
    }

    @Test
    void tokenTargetsCountToo() {
        // Five tokens a message: 35 in all, 20 allowed.
        CompactionRequest request = new CompactionRequest(CONVERSATION, 0, 20, message -> 5, Optional.empty());
        assertThat(new TruncateCompaction().compact(request)).containsExactly(SYSTEM, CALL2, RESULT2, ANSWER);
        assertThat(new SlidingWindowCompaction().compact(request)).containsExactly(SYSTEM, CALL2, RESULT2, ANSWER);
    }
}
