package io.agentloop.core.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.hub.Hub;
import io.agentloop.api.hub.HubMessage;
import io.agentloop.api.hub.Participant;
import io.agentloop.api.hub.UserParticipant;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentRegistry;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.core.Agent;
import io.agentloop.core.run.AgentStates;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The hub's contract, through the API's types: join, leave, and what each participant observes. */
class MessageHubTest {

    /** A participant that keeps what it observes and says what it is given, in turn. */
    private static final class Recording implements Participant {
        final String name;
        final List<HubMessage> observed = new ArrayList<>();
        final Deque<String> lines;

        Recording(String name, String... lines) {
            this.name = name;
            this.lines = new ArrayDeque<>(List.of(lines));
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void observe(HubMessage message) {
            observed.add(message);
        }

        @Override
        public Optional<String> reply() {
            return Optional.ofNullable(lines.poll());
        }
    }

    @Test
    void eachAgentsTurnIsListedInTheHubsSessionAndTheSessionSettlesWhenTheTurnsEnd() {
        MessageHub hub = new MessageHub();
        java.util.concurrent.atomic.AtomicReference<List<AgentRegistry.Entry>> during =
                new java.util.concurrent.atomic.AtomicReference<>();
        hub.join("ann", Agent.builder().model(ScriptedChatModel.dynamic(request -> {
            during.set(AgentStates.process().session(hub.session()));
            return ScriptedChatModel.Step.answer(io.agentloop.api.message.Usage.ZERO, "hello");
        })).build());

        hub.publish(new HubMessage("moderator", "topic: parsers"));
        hub.round();

        assertThat(during.get()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(AgentRegistry.Kind.HUB_PARTICIPANT);
            assertThat(e.name()).isEqualTo("ann");
            assertThat(e.state()).isEqualTo(AgentState.EXECUTING);
        });
        assertThat(AgentStates.process().session(hub.session())).singleElement()
                .satisfies(e -> assertThat(e.state()).isEqualTo(AgentState.COMPLETED));
        assertThat(AgentStates.process().settled(hub.session())).isTrue();
    }

    @Test
    void whatOneSaysEveryOtherObservesInOneOrderAndNotItself() {
        Hub hub = new MessageHub();
        Recording ann = new Recording("ann", "hello");
        Recording ben = new Recording("ben", "hi ann");
        Recording cat = new Recording("cat");
        hub.join(ann);
        hub.join(ben);
        hub.join(cat);

        hub.publish(new HubMessage("moderator", "topic: parsers"));
        List<HubMessage> said = hub.round();

        assertThat(said).containsExactly(new HubMessage("ann", "hello"), new HubMessage("ben", "hi ann"));
        assertThat(ann.observed).containsExactly(new HubMessage("moderator", "topic: parsers"),
                new HubMessage("ben", "hi ann"));
        assertThat(ben.observed).containsExactly(new HubMessage("moderator", "topic: parsers"),
                new HubMessage("ann", "hello"));
        assertThat(cat.observed).as("a pass says nothing").containsExactly(new HubMessage("moderator", "topic: parsers"),
                new HubMessage("ann", "hello"), new HubMessage("ben", "hi ann"));
    }

    @Test
    void aParticipantThatLeftObservesNothingMoreAndTakesNoTurn() {
        Hub hub = new MessageHub();
        Recording ann = new Recording("ann", "one", "two");
        Recording ben = new Recording("ben", "never said");
        hub.join(ann);
        hub.join(ben);

        hub.turn("ann");
        assertThat(hub.leave("ben")).isTrue();
        assertThat(hub.leave("ben")).as("once").isFalse();
        List<HubMessage> said = hub.round();

        assertThat(said).containsExactly(new HubMessage("ann", "two"));
        assertThat(ben.observed).containsExactly(new HubMessage("ann", "one"));
        assertThat(hub.participants()).containsExactly("ann");
        assertThatThrownBy(() -> hub.turn("ben")).isInstanceOf(NoSuchElementException.class)
                .hasMessage("there is no participant 'ben' in the hub; there are: ann");
        Recording late = new Recording("dan");
        hub.join(late);
        hub.turn("ann");
        assertThat(late.observed).as("one who joins later hears from then on").isEmpty();
    }

    @Test
    void aParticipantTakenOutDuringARoundIsSkipped() {
        Hub hub = new MessageHub();
        Recording ben = new Recording("ben", "not heard");
        hub.join(new Participant() {
            @Override
            public String name() {
                return "host";
            }

            @Override
            public void observe(HubMessage message) {
            }

            @Override
            public Optional<String> reply() {
                hub.leave("ben");
                return Optional.of("ben, please step out");
            }
        });
        hub.join(ben);

        assertThat(hub.round()).extracting(HubMessage::speaker).containsExactly("host");
        assertThat(ben.lines).as("ben had no turn").containsExactly("not heard");
    }

    @Test
    void aNameIsTakenOnce() {
        Hub hub = new MessageHub();
        hub.join(new Recording("ann"));

        assertThatThrownBy(() -> hub.join(new Recording("ann"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the hub already has a participant named 'ann'");
    }

    @Test
    void aParticipantThatFailsToObserveIsNamedAfterTheOthersHeard() {
        Hub hub = new MessageHub();
        hub.join(new Participant() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public void observe(HubMessage message) {
                throw new IllegalStateException("disk full");
            }

            @Override
            public Optional<String> reply() {
                return Optional.empty();
            }
        });
        Recording ann = new Recording("ann");
        hub.join(ann);

        assertThatThrownBy(() -> hub.publish(new HubMessage("moderator", "hi"))).isInstanceOf(AgentException.class)
                .hasMessageStartingWith("hub participant broken (io.agentloop.core.hub.MessageHubTest$")
                .hasMessageContaining("failed to observe what moderator said: disk full");
        assertThat(ann.observed).containsExactly(new HubMessage("moderator", "hi"));
    }

    @Test
    void aPersonSeesTheOthersAndTypesTheirTurnUntilAnExitWord() {
        Hub hub = new MessageHub();
        List<String> shown = new ArrayList<>();
        Deque<String> typed = new ArrayDeque<>(List.of("  ", "what do you think?", "EXIT", "not read"));
        UserParticipant you = new UserParticipant("you", new UserParticipant.Console() {
            @Override
            public Optional<String> read(String prompt) {
                shown.add(prompt);
                return Optional.ofNullable(typed.poll());
            }

            @Override
            public void show(HubMessage message) {
                shown.add(message.speaker() + ": " + message.text());
            }
        });
        Recording ann = new Recording("ann", "it is fine");
        hub.join(you);
        hub.join(ann);

        hub.round();
        assertThat(you.left()).isFalse();
        assertThat(hub.round()).as("the person passes when leaving").containsExactly();

        assertThat(you.left()).isTrue();
        assertThat(ann.observed).containsExactly(new HubMessage("you", "what do you think?"));
        assertThat(shown).containsExactly("you> ", "you> ", "ann: it is fine", "you> ");
        assertThat(typed).containsExactly("not read");
    }

    @Test
    void agentsSpeakKnowingWhatTheOthersSaidInOrder() {
        ScriptedChatModel alice = ScriptedChatModel.script().answer("Rewrite it.").answer("Fine, later.").build();
        ScriptedChatModel bob = ScriptedChatModel.script().answer("Too risky.").build();
        ScriptedChatModel carol = ScriptedChatModel.script().answer("Rewrite after the release.").build();
        MessageHub hub = new MessageHub();
        AgentParticipant a = hub.join("alice", Agent.builder().model(alice).build());
        AgentParticipant b = hub.join("bob", Agent.builder().model(bob).build());
        hub.join("carol", Agent.builder().model(carol).systemPrompt("Decide.").build());

        hub.publish(new HubMessage("moderator", "Should we rewrite the parser?"));
        hub.round();
        a.tell("Carol decided. Agree?");
        hub.turn("alice");
        Optional<HubMessage> again = hub.turn("alice");

        assertThat(bob.requests().getFirst().messages()).containsExactly(
                UserMessage.of("[moderator]: Should we rewrite the parser?"), UserMessage.of("[alice]: Rewrite it."));
        List<Message> carolSaw = carol.requests().getFirst().messages();
        assertThat(carolSaw.subList(1, carolSaw.size())).containsExactly(
                UserMessage.of("[moderator]: Should we rewrite the parser?"), UserMessage.of("[alice]: Rewrite it."),
                UserMessage.of("[bob]: Too risky."));
        assertThat(alice.requests().get(1).messages()).extracting(MessageHubTest::line).containsExactly(
                "user: [moderator]: Should we rewrite the parser?", "assistant: Rewrite it.",
                "user: [bob]: Too risky.", "user: [carol]: Rewrite after the release.", "user: Carol decided. Agree?");
        assertThat(again).as("alice had heard nothing new: she passed").isEmpty();
        assertThat(alice.requests()).as("without a model call").hasSize(2);
        assertThat(b.memory()).last().isEqualTo(UserMessage.of("[alice]: Fine, later."));
    }

    @Test
    void aStoppedTurnSaysNothingAndTheAgentsNextTurnGoesOn() throws Exception {
        ScriptedChatModel model = ScriptedChatModel.script().hang(new StreamEvent.TextDelta("Once upon a"))
                .answer("A short one.").build();
        MessageHub hub = new MessageHub();
        AgentParticipant ann = hub.join("ann", Agent.builder().model(model).build());
        Recording you = new Recording("you");
        hub.join(you);
        hub.publish(new HubMessage("moderator", "Tell a long story."));

        CompletableFuture<Optional<HubMessage>> turn = CompletableFuture.supplyAsync(() -> hub.turn("ann"));
        assertThat(model.awaitHanging(1, TimeUnit.MINUTES)).as("the model is answering").isTrue();
        assertThat(ann.stopTurn()).as("a turn was in progress").isTrue();

        assertThat(turn.get(1, TimeUnit.MINUTES)).as("the stopped turn says nothing").isEmpty();
        assertThat(you.observed).as("the others hear nothing of it")
                .containsExactly(new HubMessage("moderator", "Tell a long story."));
        assertThat(ann.lastRun()).get().satisfies(run -> assertThat(run.reason()).contains(TerminalReason.CANCELLED));
        assertThat(ann.stopTurn()).as("no turn is in progress now").isFalse();
        hub.publish(new HubMessage("moderator", "A short one, then."));
        assertThat(hub.turn("ann")).contains(new HubMessage("ann", "A short one."));
        assertThat(you.observed).containsExactly(new HubMessage("moderator", "Tell a long story."),
                new HubMessage("moderator", "A short one, then."), new HubMessage("ann", "A short one."));
    }

    @Test
    void aRecalledConversationComesFirstAndTheAgentAnswersOnceSomeoneSpeaksAfterIt() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("Still yes.").build();
        MessageHub hub = new MessageHub();
        AgentParticipant ann = hub.join("ann", Agent.builder().model(model).build());
        ann.recall(List.of(UserMessage.of("[you]: Rewrite the parser?"), AssistantMessage.of("Yes."),
                UserMessage.of("[bob]: No.")));
        AgentParticipant quiet = hub.join("cid", Agent.builder().model(ScriptedChatModel.script().build()).build());
        quiet.recall(List.of(UserMessage.of("[you]: Anyone?"), AssistantMessage.of("Me.")));

        assertThat(hub.turn("cid")).as("its own answer ended what it recalled: it passes").isEmpty();
        assertThat(hub.turn("ann")).contains(new HubMessage("ann", "Still yes."));

        assertThat(model.requests().getFirst().messages()).extracting(MessageHubTest::line).containsExactly(
                "user: [you]: Rewrite the parser?", "assistant: Yes.", "user: [bob]: No.");
    }

    private static String line(Message message) {
        return message instanceof UserMessage user ? "user: " + user.text()
                : "assistant: " + ((AssistantMessage) message).text();
    }
}
