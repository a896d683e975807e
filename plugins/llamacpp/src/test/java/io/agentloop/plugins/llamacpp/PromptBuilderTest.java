package io.agentloop.plugins.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;

import de.kherud.llama.Pair;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class PromptBuilderTest {
    private static final ToolSpec COUNT = ToolSpec.builder("word_count").description("Counts words.")
            .stringParameter("text", "the text", true).build();
    private static final ChatRequest CONVERSATION = new ChatRequest(List.of(
            new SystemMessage("Be brief."),
            UserMessage.of("Count: a b c"),
            new AssistantMessage(List.of(ReasoningBlock.of("I should count."), new TextBlock("Counting."),
                    ToolCall.of("c1", "word_count", "{\"text\":\"a b c\"}")), Usage.ZERO, StopReason.TOOL_CALLS),
            new ToolMessage(List.of(new ToolResultBlock("c1", "word_count", "3", false))),
            UserMessage.of("And now?")), List.of(COUNT), ChatOptions.DEFAULTS);

    @Test
    void toolCallsAreWrittenAsTheGrammarsJsonAndResultsBecomeAUserTurn() {
        PromptBuilder.Turns turns = PromptBuilder.turns(CONVERSATION);

        assertThat(turns.turns()).extracting(Pair::getKey).containsExactly("user", "assistant", "user");
        assertThat(turns.turns().get(1).getValue()).isEqualTo(
                "Counting.\n\n{\"name\": \"word_count\", \"arguments\": {\"text\":\"a b c\"}}");
        assertThat(turns.turns().get(2).getValue()).isEqualTo("Result of word_count:\n3\n\nAnd now?");
        assertThat(String.valueOf(turns.turns())).doesNotContain("I should count");
    }

    @Test
    void theSystemTextDescribesTheToolsUnlessToolsAreNotAllowed() {
        String system = PromptBuilder.turns(CONVERSATION).system();
        assertThat(system).startsWith("Be brief.\n\nYou can call these tools.")
                .contains("- word_count: Counts words. Arguments (JSON Schema): {\"type\":\"object\"");

        String required = PromptBuilder.turns(CONVERSATION.withOptions(
                ChatOptions.DEFAULTS.withToolChoice(ToolChoice.REQUIRED))).system();
        assertThat(required).contains("Answer by calling one of these tools.");

        String none = PromptBuilder.turns(CONVERSATION.withOptions(
                ChatOptions.DEFAULTS.withToolChoice(ToolChoice.NONE))).system();
        assertThat(none).isEqualTo("Be brief.");
    }

    @Test
    void aModelWithoutAChatTemplateGetsChatMl() {
        LocalModel model = TinyModel.chat().local();
        PromptBuilder.Turns turns = PromptBuilder.turns(CONVERSATION);

        String prompt = model.applyTemplate(turns.system(), turns.turns());

        assertThat(model.chatMlTemplate()).isTrue();
        assertThat(prompt).startsWith("<|im_start|>system\nBe brief.")
                .contains("<|im_start|>assistant\nCounting.")
                .endsWith("<|im_start|>user\nResult of word_count:\n3\n\nAnd now?<|im_end|>\n<|im_start|>assistant\n");
    }
}
