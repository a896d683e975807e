package io.agentloop.api.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MessagesTest {

    @Test
    void anAssistantMessageKeepsTextAndToolCallsTogetherInOrder() {
        AssistantMessage message = new AssistantMessage(List.of(
                ReasoningBlock.of("think"), new TextBlock("Let me look."),
                ToolCall.of("1", "read", "{}"), ToolCall.of("2", "list", "{}")), Usage.of(3, 4), StopReason.TOOL_CALLS);

        assertThat(message.text()).isEqualTo("Let me look.");
        assertThat(message.reasoning()).isEqualTo("think");
        assertThat(message.toolCalls()).extracting(ToolCall::id).containsExactly("1", "2");
        assertThat(message.withText("Looking.").content()).containsExactly(ReasoningBlock.of("think"),
                new TextBlock("Looking."), ToolCall.of("1", "read", "{}"), ToolCall.of("2", "list", "{}"));
    }

    @Test
    void anAssistantMessageCannotHoldToolResults() {
        assertThatThrownBy(() -> new AssistantMessage(List.of(new ToolResultBlock("1", "read", "x", false)),
                Usage.ZERO, StopReason.END_TURN)).hasMessageContaining("tool results");
    }

    @Test
    void reasoningKeepsItsSignatureAndRedactedData() {
        ReasoningBlock signed = new ReasoningBlock("t", Optional.of("sig"), Optional.empty());
        ReasoningBlock redacted = new ReasoningBlock("", Optional.empty(), Optional.of("opaque"));
        assertThat(signed.redacted()).isFalse();
        assertThat(redacted.redacted()).isTrue();
    }

    @Test
    void usageAdds() {
        assertThat(new Usage(1, 2, 3, 4).plus(new Usage(10, 20, 30, 40))).isEqualTo(new Usage(11, 22, 33, 44));
        assertThatThrownBy(() -> Usage.of(-1, 0)).hasMessageContaining("negative");
    }

    @Test
    void aToolCallNeedsAnId() {
        assertThatThrownBy(() -> ToolCall.of(" ", "read", "{}")).hasMessageContaining("id");
    }
}
