package io.agentloop.core.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConversationRepairTest {
    private static final SystemMessage SYSTEM = new SystemMessage("Rules.");
    private static final UserMessage TASK = UserMessage.of("Fix the build");

    private static AssistantMessage calling(String... ids) {
        return AssistantMessage.of("calling").withContent(Arrays.stream(ids)
                .<ContentBlock>map(id -> ToolCall.of(id, "read", "{}")).toList());
    }

    private static ToolMessage results(String... ids) {
        return new ToolMessage(Arrays.stream(ids)
                .map(id -> new ToolResultBlock(id, "read", "text of " + id, false)).toList());
    }

    @Test
    void aDroppedTaskGoesBackFirstAfterTheSystemMessages() {
        List<Message> repaired = ConversationRepair.repair(List.of(SYSTEM, calling("c1"), results("c1")), List.of(TASK));

        assertThat(repaired).containsExactly(SYSTEM, TASK, calling("c1"), results("c1"));
    }

    @Test
    void aKeptTaskStaysWhereItIs() {
        UserMessage earlier = UserMessage.of("An earlier question");
        List<Message> kept = List.of(SYSTEM, earlier, AssistantMessage.of("An answer."), TASK, calling("c1"),
                results("c1"));

        assertThat(ConversationRepair.repair(kept, List.of(TASK))).containsExactlyElementsOf(kept);
    }

    @Test
    void aResultWhoseCallIsGoneAndACallWhoseResultIsGoneAreRemoved() {
        List<Message> repaired = ConversationRepair.repair(List.of(TASK, results("gone"), calling("c1", "c2"),
                results("c1")), List.of(TASK));

        assertThat(repaired).containsExactly(TASK, calling("c1"), results("c1"));
    }

    @Test
    void withoutATaskAConversationThatWouldOpenWithTheModelGetsAUserTurnFirst() {
        List<Message> repaired = ConversationRepair.repair(List.of(SYSTEM, AssistantMessage.of("Done so far."),
                UserMessage.of("Go on")), List.of());

        assertThat(repaired.get(1)).isEqualTo(UserMessage.of(ConversationRepair.COMPACTED_START));
        assertThat(repaired.get(2)).isEqualTo(AssistantMessage.of("Done so far."));
        assertThat(((UserMessage) repaired.get(1)).content()).extracting(TextBlock::text).singleElement()
                .asString().contains("compacted");
    }
}
