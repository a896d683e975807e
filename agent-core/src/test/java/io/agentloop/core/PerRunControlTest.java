package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.event.RunEvent;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.run.RunResult;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** One shared agent, runs that each want their own: their events, their streaming. */
class PerRunControlTest {

    /** The events one listener received, with their ids. */
    private static final class Received {
        final List<RunEvent> events = Collections.synchronizedList(new ArrayList<>());
        final AgentListener listener = AgentListener.ofRunEvents(events::add);

        List<String> deltas() {
            synchronized (events) {
                return events.stream().map(RunEvent::event).filter(AgentEvent.TextDelta.class::isInstance)
                        .map(e -> ((AgentEvent.TextDelta) e).text()).toList();
            }
        }
    }

    private static String task(List<Message> messages) {
        return messages.stream().filter(UserMessage.class::isInstance).map(m -> ((UserMessage) m).text())
                .reduce((first, last) -> last).orElseThrow();
    }

    @Test
    void concurrentRunsOfOneAgentEachReceiveOnlyTheirOwnDeltas() {
        // Both model calls wait for each other: the two runs are under way at once before any delta.
        CyclicBarrier bothStarted = new CyclicBarrier(2);
        ScriptedChatModel model = ScriptedChatModel.dynamic(request -> scripted -> {
            try {
                bothStarted.await(2, TimeUnit.MINUTES);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new NonRetryableModelException("the other run's call never started: " + e);
            }
            String task = task(request.messages());
            return ScriptedChatModel.Step.answer(Usage.ZERO, task + " one", task + " two").open(scripted);
        });
        Received shared = new Received();
        Agent agent = Agent.builder().model(model).listeners(shared.listener).build();
        Received first = new Received();
        Received second = new Received();

        RunHandle a = agent.start(RunRequest.of("A").withListener(first.listener));
        RunHandle b = agent.start(RunRequest.of("B").withListener(second.listener));
        RunResult resultA = a.result().orTimeout(2, TimeUnit.MINUTES).join();
        RunResult resultB = b.result().orTimeout(2, TimeUnit.MINUTES).join();

        assertThat(resultA.text()).isEqualTo("A oneA two");
        assertThat(resultB.text()).isEqualTo("B oneB two");
        assertThat(first.deltas()).containsExactly("A one", "A two");
        assertThat(second.deltas()).containsExactly("B one", "B two");
        assertThat(first.events).allSatisfy(e -> {
            assertThat(e.runId()).isEqualTo(a.runId());
            assertThat(e.agentId()).isEqualTo(agent.id()).isEqualTo(a.agentId());
        });
        assertThat(second.events).allSatisfy(e -> assertThat(e.runId()).isEqualTo(b.runId()));
        assertThat(first.events.getFirst().event()).isInstanceOf(AgentEvent.RunStarted.class);
        assertThat(first.events.getLast().event()).isInstanceOf(AgentEvent.RunCompleted.class);
        // The agent's own listener hears both runs, and can tell them apart.
        assertThat(shared.events).filteredOn(e -> e.runId().equals(a.runId())).map(RunEvent::event)
                .containsExactlyElementsOf(first.events.stream().map(RunEvent::event).toList());
        assertThat(shared.events).filteredOn(e -> e.runId().equals(b.runId())).map(RunEvent::event)
                .containsExactlyElementsOf(second.events.stream().map(RunEvent::event).toList());
    }

    @Test
    void aRunChoosesWhetherItsModelCallsStream() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("whole").answer("in ", "pieces").answer("as set")
                .build();
        Agent agent = Agent.builder().model(model).build();

        agent.run(RunRequest.of("one").withStreaming(false));
        agent.start(RunRequest.of("two").withStreaming(true)).await();
        agent.run("three");

        assertThat(model.requests()).extracting(r -> r.options().stream())
                .containsExactly(Optional.of(false), Optional.of(true), Optional.empty());
    }

    @Test
    void aRunStartedUnderAnIdOfTheCallersCarriesItInEveryEventAndItsResultAgainAfterItGoesOn() {
        Received received = new Received();
        Agent agent = Agent.builder().model(ScriptedChatModel.script().answer("first").answer("second").build())
                .listeners(received.listener).build();

        RunHandle first = agent.start("run_served", new io.agentloop.api.run.Resumption(List.of(), Optional.empty(),
                List.of(), Optional.of("one")), Optional.empty());
        RunResult one = first.result().orTimeout(2, TimeUnit.MINUTES).join();
        RunHandle second = agent.start("run_served", new io.agentloop.api.run.Resumption(one.messages(),
                Optional.empty(), List.of(), Optional.of("two")), Optional.empty());
        RunResult two = second.result().orTimeout(2, TimeUnit.MINUTES).join();

        assertThat(List.of(first.runId(), one.runId(), second.runId(), two.runId())).containsOnly("run_served");
        assertThat(two.text()).isEqualTo("second");
        assertThat(received.events).isNotEmpty().allSatisfy(e -> assertThat(e.runId()).isEqualTo("run_served"));
        assertThat(received.events).filteredOn(e -> e.event() instanceof AgentEvent.RunStarted).hasSize(2)
                .allSatisfy(e -> assertThat(((AgentEvent.RunStarted) e.event()).runId()).isEqualTo("run_served"));
    }
}
