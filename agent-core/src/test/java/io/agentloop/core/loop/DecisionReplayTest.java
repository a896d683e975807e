package io.agentloop.core.loop;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.run.EventPublisher;
import io.agentloop.core.run.RunControl;
import io.agentloop.core.run.RunJournal;
import io.agentloop.core.tool.CallOutcome;
import io.agentloop.core.tool.CallPlan;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decisions depend on the recorded outcomes alone: a second effect runner that carries nothing
 * out and only hands back the outcomes recorded in a first run is asked for exactly the same effects,
 * in the same order, and the run ends the same. This is what a durable engine relies on when it
 * replays a run's decisions from its record.
 */
class DecisionReplayTest {
    @TempDir
    Path root;

    @Test
    void replayingTheRecordedOutcomesAsksForTheSameEffectsAndEndsTheSame() {
        FakeTool look = FakeTool.named("look").readOnly().returning("seen");
        FakeTool note = FakeTool.named("note").returning("noted");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "look", "{}"), ToolCall.of("2", "note", "{}"))
                .toolCalls(ToolCall.of("3", "look", "{}"))
                .answer("Looked twice and took a note.").build();
        Agent agent = Agent.builder().model(model).tools(look, note).workspace(SandboxWorkspace.of(root))
                .permissions(PermissionPolicy.of(List.of("note"), List.of(), List.of())).build();
        List<Message> input = List.of(UserMessage.of("Look around"));

        RunContext first = context(agent);
        Recording recording = new Recording(new InProcessEffects(first, new ModelCall(first.settings.model(),
                first.hooks(), first.events, first.settings.time(), first.settings.retry(), first.control,
                first.settings.estimator())));
        RunResult original = new AgentLoop().drive(first, RunStart.of(input), recording);

        Replaying replaying = new Replaying(recording.outcomes);
        RunResult replayed = new AgentLoop().drive(context(agent), RunStart.of(input), replaying);

        assertThat(original.reason()).contains(TerminalReason.ANSWERED);
        assertThat(look.calls()).as("the replay ran no tool (the second look repeated the first: decided, not run)")
                .hasSize(1);
        assertThat(note.calls()).as("the replay ran no tool").hasSize(1);
        assertThat(model.calls()).as("the replay called no model").isEqualTo(3);
        assertThat(replaying.asked).as("the same effects, in the same order").isEqualTo(recording.asked);
        assertThat(replayed.reason()).isEqualTo(original.reason());
        assertThat(replayed.messages()).isEqualTo(original.messages());
        assertThat(replayed.iterations()).isEqualTo(original.iterations());
    }

    private static RunContext context(Agent agent) {
        return RunContext.open("run-replay", agent.settings(), new EventPublisher("agent-1", "run-replay", List.of()),
                new RunControl(),
                Optional.empty(), Optional.empty(), RunJournal.NONE);
    }

    /** Carries effects out with another runner and keeps what was asked and what came of it. */
    private static final class Recording implements Effects {
        private final Effects real;
        final List<Object> asked = new ArrayList<>();
        final List<Object> outcomes = new ArrayList<>();

        Recording(Effects real) {
            this.real = real;
        }

        @Override
        public ModelCall.Outcome callModel(ChatRequest request, boolean newIteration) {
            asked.add(request);
            return keep(real.callModel(request, newIteration));
        }

        @Override
        public List<CallOutcome> act(List<CallPlan> plans, List<String> remember) {
            asked.add(plans);
            return keep(real.act(plans, remember));
        }

        @Override
        public Compaction compact(List<Message> conversation, int targetMessages, long targetTokens) {
            asked.add(conversation);
            return keep(real.compact(conversation, targetMessages, targetTokens));
        }

        private <T> T keep(T outcome) {
            outcomes.add(outcome);
            return outcome;
        }

        @Override
        public void iterationEnded() {
            real.iterationEnded();
        }

        @Override
        public void close() {
            real.close();
        }
    }

    /** Carries nothing out: hands back the recorded outcomes, in order, and keeps what it was asked. */
    private static final class Replaying implements Effects {
        private final Deque<Object> outcomes;
        final List<Object> asked = new ArrayList<>();

        Replaying(List<Object> outcomes) {
            this.outcomes = new ArrayDeque<>(outcomes);
        }

        @Override
        public ModelCall.Outcome callModel(ChatRequest request, boolean newIteration) {
            asked.add(request);
            return (ModelCall.Outcome) outcomes.removeFirst();
        }

        @Override
        @SuppressWarnings("unchecked")
        public List<CallOutcome> act(List<CallPlan> plans, List<String> remember) {
            asked.add(plans);
            return (List<CallOutcome>) outcomes.removeFirst();
        }

        @Override
        public Compaction compact(List<Message> conversation, int targetMessages, long targetTokens) {
            asked.add(conversation);
            return (Compaction) outcomes.removeFirst();
        }

        @Override
        public void iterationEnded() {
        }

        @Override
        public void close() {
        }
    }
}
