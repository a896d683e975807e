package io.agentloop.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.memory.Memory;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's conversation goes through the agent's short-term memory: it decides what the model is sent. */
class ShortTermMemoryTest {

    /** Keeps the system messages and the last {@code keep} others, never starting at a tool result. */
    static final class LastMessages implements Memory {
        private final int keep;
        private final List<Message> all = new ArrayList<>();

        LastMessages(int keep) {
            this.keep = keep;
        }

        @Override
        public String name() {
            return "last-messages";
        }

        @Override
        public Memory fresh() {
            return new LastMessages(keep);
        }

        @Override
        public synchronized List<Message> messages() {
            List<Message> sent = new ArrayList<>(all.stream().filter(SystemMessage.class::isInstance).toList());
            List<Message> rest = all.stream().filter(m -> !(m instanceof SystemMessage)).toList();
            int from = Math.max(0, rest.size() - keep);
            while (from > 0 && rest.get(from) instanceof ToolMessage) {
                from--;
            }
            sent.addAll(rest.subList(from, rest.size()));
            return sent;
        }

        @Override
        public synchronized void append(Message message) {
            all.add(message);
        }

        @Override
        public synchronized void replaceAll(List<Message> messages) {
            all.clear();
            all.addAll(messages);
        }

        @Override
        public synchronized void clear() {
            all.clear();
        }
    }

    private final FakeTool shout = FakeTool.named("shout").stringParameter("text", true).readOnly()
            .returning(arguments -> arguments.requireString("text").toUpperCase());

    private static ScriptedChatModel twoCallsThenAnswer() {
        return ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "shout", "{\"text\":\"one\"}"))
                .toolCalls(ToolCall.of("c2", "shout", "{\"text\":\"two\"}"))
                .answer("Done.").build();
    }

    @Test
    void aMemoryThatKeepsTheLastMessagesChangesWhatTheModelIsSentButNotTheRunsRecord() {
        ScriptedChatModel model = twoCallsThenAnswer();
        Agent agent = Agent.builder().model(model).systemPrompt("Be loud.").tools(shout).memory(new LastMessages(2))
                .build();

        RunResult result = agent.run("Shout twice");

        assertThat(result.state()).as("error: %s", result.error()).isEqualTo(AgentState.COMPLETED);
        List<Message> third = model.requests().get(2).messages();
        assertThat(third).hasSize(3);
        assertThat(third.get(0)).isEqualTo(new SystemMessage("Be loud."));
        assertThat(((AssistantMessage) third.get(1)).toolCalls()).extracting(ToolCall::id).containsExactly("c2");
        assertThat(((ToolMessage) third.get(2)).results().getFirst().content()).isEqualTo("TWO");
        assertThat(result.messages()).as("the run's record keeps everything").hasSize(7)
                .contains(UserMessage.of("Shout twice"));
    }

    @Test
    void theDefaultMemorySendsEverythingAndEachRunStartsWithAFreshOne() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "shout", "{\"text\":\"one\"}"))
                .toolCalls(ToolCall.of("c2", "shout", "{\"text\":\"two\"}"))
                .answer("Done.").answer("Again.").build();
        Agent agent = Agent.builder().model(model).tools(shout).build();

        agent.run("Shout twice");
        agent.run("Once more");

        assertThat(model.requests().get(2).messages()).hasSize(5);
        assertThat(model.requests().get(3).messages()).containsExactly(UserMessage.of("Once more"));
    }
}
