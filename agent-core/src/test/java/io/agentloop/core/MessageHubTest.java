package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A round table: what each agent says reaches the others, in the order it was said. */
class MessageHubTest {

    @Test
    void eachSpeaksKnowingWhatTheOthersSaidInOrder() {
        ScriptedChatModel alice = ScriptedChatModel.script().answer("Rewrite it.").answer("Fine, later.").build();
        ScriptedChatModel bob = ScriptedChatModel.script().answer("Too risky.").build();
        ScriptedChatModel carol = ScriptedChatModel.script().answer("Rewrite after the release.").build();
        MessageHub hub = new MessageHub();
        MessageHub.Participant a = hub.join("alice", Agent.builder().model(alice).build());
        MessageHub.Participant b = hub.join("bob", Agent.builder().model(bob).build());
        MessageHub.Participant c = hub.join("carol", Agent.builder().model(carol).systemPrompt("Decide.").build());

        hub.announce("moderator", "Should we rewrite the parser?");
        a.speak("Your view?");
        b.speak("Answer alice.");
        c.speak("Decide.");
        a.speak("Carol decided. Agree?");

        assertThat(bob.requests().getFirst().messages()).containsExactly(
                UserMessage.of("[moderator]: Should we rewrite the parser?"), UserMessage.of("[alice]: Rewrite it."),
                UserMessage.of("Answer alice."));
        List<Message> carolSaw = carol.requests().getFirst().messages();
        assertThat(carolSaw.subList(1, carolSaw.size())).containsExactly(
                UserMessage.of("[moderator]: Should we rewrite the parser?"), UserMessage.of("[alice]: Rewrite it."),
                UserMessage.of("[bob]: Too risky."), UserMessage.of("Decide."));
        assertThat(alice.requests().get(1).messages()).extracting(MessageHubTest::line).containsExactly(
                "user: [moderator]: Should we rewrite the parser?", "user: Your view?", "assistant: Rewrite it.",
                "user: [bob]: Too risky.", "user: [carol]: Rewrite after the release.", "user: Carol decided. Agree?");
        assertThat(b.memory()).last().isEqualTo(UserMessage.of("[alice]: Fine, later."));
    }

    private static String line(Message message) {
        return message instanceof UserMessage user ? "user: " + user.text()
                : "assistant: " + ((AssistantMessage) message).text();
    }

    @Test
    void aNameIsTakenOnce() {
        MessageHub hub = new MessageHub();
        Agent agent = Agent.builder().model(ScriptedChatModel.script().build()).build();
        hub.join("alice", agent);

        assertThatThrownBy(() -> hub.join("alice", agent)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the hub already has a participant named 'alice'");
    }
}
