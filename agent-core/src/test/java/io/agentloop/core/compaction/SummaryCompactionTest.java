package io.agentloop.core.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.memory.CompactionRequest;
import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SummaryCompactionTest {
    private static final TokenEstimator ESTIMATOR = TokenEstimator.CHARACTERS;

    /** A system message, then {@code turns} rounds of: user asks, assistant calls read, a large result. */
    private static List<Message> conversation(int turns, int outputChars) {
        List<Message> messages = new ArrayList<>(List.of(new SystemMessage("You are careful.")));
        for (int i = 1; i <= turns; i++) {
            messages.add(UserMessage.of("Read file " + i));
            messages.add(new AssistantMessage(List.of(new TextBlock("Reading " + i + "."),
                    ToolCall.of("c" + i, "read", "{\"path\":\"f" + i + ".txt\"}")), Usage.ZERO, StopReason.TOOL_CALLS));
            messages.add(new ToolMessage(List.of(new ToolResultBlock("c" + i, "read",
                    ("line of file " + i + "\n").repeat(outputChars / 15), false))));
            messages.add(AssistantMessage.of("File " + i + " holds lines."));
        }
        return messages;
    }

    @Test
    void prunedOldToolOutputsAreEnoughWhenTheyWereTheBulkAndNoModelIsAsked() {
        List<Message> messages = conversation(6, 3000);
        ScriptedChatModel model = ScriptedChatModel.script().answer("unused").build();
        long before = ESTIMATOR.estimate(messages);

        List<Message> after = new SummaryCompaction().compact(new CompactionRequest(messages, 0, before / 2, ESTIMATOR,
                Optional.of(model)));

        assertThat(model.calls()).isZero();
        assertThat(after).hasSameSizeAs(messages);
        assertThat(ESTIMATOR.estimate(after)).isLessThanOrEqualTo(before / 2);
        List<ToolMessage> tools = after.stream().filter(ToolMessage.class::isInstance).map(ToolMessage.class::cast).toList();
        assertThat(tools.subList(0, 4)).allSatisfy(t -> assertThat(t.results().getFirst().content())
                .matches("\\[output pruned: \\d+ characters]"));
        assertThat(tools.subList(4, 6)).allSatisfy(t -> assertThat(t.results().getFirst().content())
                .startsWith("line of file"));
    }

    @Test
    void olderTurnsAreSummarisedByTheModelAndTheSystemMessageAndRecentTurnsStayWhole() {
        List<Message> messages = conversation(8, 100);
        ScriptedChatModel model = ScriptedChatModel.script().answer("The user had files 1 to 6 read; all hold lines.")
                .build();
        long target = ESTIMATOR.estimate(messages) / 3;

        List<Message> after = new SummaryCompaction().compact(new CompactionRequest(messages, 0, target, ESTIMATOR,
                Optional.of(model)));

        assertThat(after.get(0)).isEqualTo(new SystemMessage("You are careful."));
        assertThat(after.get(1)).isEqualTo(new SystemMessage(SummaryCompaction.SUMMARY_HEADING
                + "\nThe user had files 1 to 6 read; all hold lines."));
        assertThat(after.getLast()).isEqualTo(messages.getLast());
        assertThat(messages).endsWith(after.subList(2, after.size()).toArray(Message[]::new));
        assertPairsIntact(after);
        ChatRequest asked = model.requests().getFirst();
        assertThat(asked.tools()).isEmpty();
        assertThat(asked.options().toolChoice()).isEqualTo(ToolChoice.NONE);
        assertThat(asked.messages().get(0)).isEqualTo(new SystemMessage(SummaryCompaction.INSTRUCTIONS));
        assertThat(((UserMessage) asked.messages().get(1)).text()).contains("user: Read file 1")
                .contains("assistant called read: {\"path\":\"f1.txt\"}").contains("result of read: line of file 1");
    }

    @Test
    void eachCompactionFoldsThePreviousSummaryIntoTheNewOneSoThereIsOnlyEverOneSummary() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("First summary: files 1 to 6 read.")
                .answer("Second summary: files 1 to 12 read.").answer("Third summary: files 1 to 18 read.").build();
        SummaryCompaction compaction = new SummaryCompaction();
        List<Message> messages = conversation(8, 100);
        for (int round = 1; round <= 3; round++) {
            long target = ESTIMATOR.estimate(messages) / 3;
            messages = compaction.compact(new CompactionRequest(messages, 0, target, ESTIMATOR, Optional.of(model)));
            assertThat(messages).as("after compaction " + round).filteredOn(m -> m instanceof SystemMessage s
                    && s.text().startsWith(SummaryCompaction.SUMMARY_HEADING)).hasSize(1);
            assertThat(messages.getFirst()).isEqualTo(new SystemMessage("You are careful."));
            assertPairsIntact(messages);
            List<Message> more = new ArrayList<>(messages);
            conversation(6, 100).stream().skip(1).forEach(more::add);
            messages = more;
        }
        assertThat(model.calls()).isEqualTo(3);
        assertThat(((UserMessage) model.requests().get(1).messages().get(1)).text()).as("the new summary is asked to "
                + "fold in the previous one").contains("First summary: files 1 to 6 read.");
        assertThat(((UserMessage) model.requests().get(2).messages().get(1)).text())
                .contains("Second summary: files 1 to 12 read.").doesNotContain("First summary");
        assertThat(messages.get(1)).isEqualTo(new SystemMessage(SummaryCompaction.SUMMARY_HEADING
                + "\nThird summary: files 1 to 18 read."));
    }

    @Test
    void theSummaryRequestStaysUnderItsLimitHoweverLongTheOlderTurnsAre() {
        List<Message> messages = conversation(40, 1500);
        ScriptedChatModel model = ScriptedChatModel.script().answer("A long story, summarised.").build();

        new SummaryCompaction(1000).compact(new CompactionRequest(messages, 10, 0, ESTIMATOR, Optional.of(model)));

        List<Message> asked = model.requests().getFirst().messages();
        assertThat(ESTIMATOR.estimate(asked)).isLessThanOrEqualTo(1000);
        assertThat(((UserMessage) asked.get(1)).text()).contains("[the oldest part is left out]")
                .contains("Read file 3"); // the newest of the summarised turns survive
    }

    @Test
    void withoutAModelTheOlderTurnsAreDroppedWholeTurnsAtATime() {
        List<Message> messages = conversation(8, 100);

        List<Message> after = new SummaryCompaction().compact(new CompactionRequest(messages, 9, 0, ESTIMATOR,
                Optional.empty()));

        assertThat(after.getFirst()).isEqualTo(messages.getFirst());
        assertThat(after.size()).isLessThanOrEqualTo(9);
        assertPairsIntact(after);
    }

    @Test
    void aSummaryRequestTheModelRefusesAsTooLongFallsBackToDroppingTheOlderTurns() {
        List<Message> messages = conversation(8, 100);
        ScriptedChatModel model = ScriptedChatModel.script().fail(new ContextLengthExceededException(
                "Anthropic: HTTP 400 invalid_request_error: prompt is too long: 210000 tokens > 200000 maximum", null))
                .build();
        long target = ESTIMATOR.estimate(messages) / 3;

        List<Message> after = new SummaryCompaction().compact(new CompactionRequest(messages, 0, target, ESTIMATOR,
                Optional.of(model)));

        assertThat(model.calls()).isEqualTo(1);
        assertThat(after.getFirst()).isEqualTo(new SystemMessage("You are careful."));
        assertThat(after).filteredOn(SystemMessage.class::isInstance).hasSize(1);
        assertThat(after.getLast()).isEqualTo(messages.getLast());
        assertThat(messages).endsWith(after.subList(1, after.size()).toArray(Message[]::new));
        assertThat(ESTIMATOR.estimate(after)).isLessThanOrEqualTo(target);
        assertPairsIntact(after);
    }

    static void assertPairsIntact(List<Message> messages) {
        Set<String> open = new HashSet<>();
        for (Message message : messages) {
            if (message instanceof AssistantMessage a) {
                assertThat(open).as("every call has its result before the next turn").isEmpty();
                a.toolCalls().forEach(c -> open.add(c.id()));
            }
            if (message instanceof ToolMessage t) {
                t.results().forEach(r -> assertThat(open.remove(r.toolCallId())).as("result %s follows its call",
                        r.toolCallId()).isTrue());
            }
        }
        assertThat(open).isEmpty();
    }
}
