package io.agentloop.core.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StreamAssemblerTest {

    @Test
    void blocksKeepArrivalOrderAndJoinTheirDeltas() {
        StreamAssembler assembler = new StreamAssembler();
        assembler.accept(new StreamEvent.ReasoningDelta("Let me "));
        assembler.accept(new StreamEvent.ReasoningDelta("think."));
        assembler.accept(new StreamEvent.ReasoningSignature("sig-1"));
        assembler.accept(new StreamEvent.RedactedReasoning("opaque"));
        assembler.accept(new StreamEvent.TextDelta("I will "));
        assembler.accept(new StreamEvent.TextDelta("read two files."));
        assembler.accept(new StreamEvent.ToolCallStart(0, "t0", "read", Optional.of("thought-sig")));
        assembler.accept(new StreamEvent.ToolCallStart(1, "t1", "read"));
        assembler.accept(new StreamEvent.ToolCallArgumentsDelta(1, "{\"path\":"));
        assembler.accept(new StreamEvent.ToolCallArgumentsDelta(0, "{\"path\":\"a\"}"));
        assembler.accept(new StreamEvent.ToolCallArgumentsDelta(1, "\"b\"}"));
        assembler.accept(new StreamEvent.UsageReport(Usage.of(1, 1)));
        assembler.accept(new StreamEvent.UsageReport(new Usage(10, 20, 5, 7)));

        AssistantMessage message = assembler.finish(StopReason.TOOL_CALLS);

        assertThat(message.content()).containsExactly(
                new ReasoningBlock("Let me think.", Optional.of("sig-1"), Optional.empty()),
                new ReasoningBlock("", Optional.empty(), Optional.of("opaque")),
                new TextBlock("I will read two files."),
                new ToolCall("t0", "read", "{\"path\":\"a\"}", Optional.of("thought-sig")),
                ToolCall.of("t1", "read", "{\"path\":\"b\"}"));
        assertThat(message.usage()).isEqualTo(new Usage(10, 20, 5, 7));
        assertThat(message.stopReason()).isEqualTo(StopReason.TOOL_CALLS);
    }

    @Test
    void textAfterAToolCallStartsANewBlock() {
        StreamAssembler assembler = new StreamAssembler();
        assembler.accept(new StreamEvent.TextDelta("a"));
        assembler.accept(new StreamEvent.ToolCallStart(0, "t", "x"));
        assembler.accept(new StreamEvent.TextDelta("b"));
        assertThat(assembler.finish(StopReason.END_TURN).content())
                .containsExactly(new TextBlock("a"), ToolCall.of("t", "x", ""), new TextBlock("b"));
    }

    @Test
    void argumentsForAToolCallThatNeverStartedAreAProviderBug() {
        StreamAssembler assembler = new StreamAssembler();
        assertThatThrownBy(() -> assembler.accept(new StreamEvent.ToolCallArgumentsDelta(3, "{}")))
                .isInstanceOf(NonRetryableModelException.class).hasMessageContaining("#3");
    }

    @Test
    void aToolCallStartedTwiceIsAProviderBug() {
        StreamAssembler assembler = new StreamAssembler();
        assembler.accept(new StreamEvent.ToolCallStart(0, "t", "x"));
        assertThatThrownBy(() -> assembler.accept(new StreamEvent.ToolCallStart(0, "t", "x")))
                .isInstanceOf(NonRetryableModelException.class).hasMessageContaining("twice");
    }
}
