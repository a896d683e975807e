package io.agentloop.api.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A call's options over a provider's configured ones: the call's win, the rest come from the defaults. */
class ChatOptionsTest {
    @Test
    void orElseTakesEachOptionTheCallLeavesEmptyFromTheDefaults() {
        ChatOptions configured = ChatOptions.DEFAULTS.withTemperature(0.3).withTopP(0.9).withMaxTokens(300)
                .withStop(List.of("END")).withSeed(7).withReasoningEffort("low");
        ChatOptions call = ChatOptions.DEFAULTS.withTemperature(0.8).withToolChoice(ToolChoice.REQUIRED)
                .withResponseSchema(Map.of("type", "object"));

        ChatOptions sent = call.orElse(configured);

        assertThat(sent.temperature()).hasValue(0.8);
        assertThat(sent.topP()).hasValue(0.9);
        assertThat(sent.maxTokens()).hasValue(300);
        assertThat(sent.stop()).containsExactly("END");
        assertThat(sent.seed()).hasValue(7);
        assertThat(sent.reasoningEffort()).hasValue("low");
        assertThat(sent.toolChoice()).isEqualTo(ToolChoice.REQUIRED);
        assertThat(sent.responseSchema()).hasValue(Map.of("type", "object"));
    }
}
