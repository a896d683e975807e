package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.RunResult;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A run whose history passes its limit continues as a new workflow run and comes to the same end. */
class ContinueAsNewTest {
    static final String LIMITED = "agentloop-limited";

    TestWorkflowEnvironment env;

    @BeforeEach
    void start() {
        env = TestWorkflowEnvironment.newInstance();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    @Test
    void aRunPastTheHistoryLimitContinuesAsNewAndCompletesWithTheSameResultAndUsage() throws Exception {
        CountingTool once = CountingTool.reading("count");
        CountingTool continuing = CountingTool.reading("count");
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(DurableRunTest.agent(once)),
                DurableRunTest.OPTIONS);
        AgentWorker.register(env.getWorkerFactory(), LIMITED, DurableRunTest.only(DurableRunTest.agent(continuing)),
                new DurableOptions(Duration.ofSeconds(3), 10));
        env.start();
        DurableRuns.DurableRun whole = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("whole",
                "default", List.of(), Rounds.task(6, "count"), Optional.empty());
        DurableRuns.DurableRun continued = new DurableRuns(env.getWorkflowClient(), LIMITED).start("continued",
                "default", List.of(), Rounds.task(6, "count"), Optional.empty());

        RunResult expected = DurableRunTest.result(whole);
        RunResult result = DurableRunTest.result(continued);

        HistoryEvent lastStarted = env.getWorkflowClient().fetchHistory(DurableRuns.workflowId("continued"))
                .getEvents().getFirst();
        assertThat(lastStarted.getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId())
                .as("the last workflow run continued an earlier one").isNotEmpty();
        HistoryEvent firstStarted = env.getWorkflowClient().fetchHistory(DurableRuns.workflowId("continued"),
                lastStarted.getWorkflowExecutionStartedEventAttributes().getFirstExecutionRunId()).getEvents().getFirst();
        assertThat(result.duration()).as("the run's time counts from its first workflow run's start")
                .isGreaterThanOrEqualTo(Duration.ofMillis(millis(lastStarted) - millis(firstStarted)));
        assertThat(result.text()).isEqualTo("done after 6 rounds: counted 6").isEqualTo(expected.text());
        assertThat(result.state()).isEqualTo(expected.state());
        assertThat(result.reason()).isEqualTo(expected.reason());
        assertThat(result.iterations()).isEqualTo(expected.iterations());
        assertThat(result.usage()).isEqualTo(expected.usage());
        assertThat(result.messages()).isEqualTo(expected.messages());
        assertThat(result.toolCalls()).extracting(call -> call.call().id() + ": " + call.result().content())
                .isEqualTo(expected.toolCalls().stream().map(call -> call.call().id() + ": " + call.result().content())
                        .toList());
        assertThat(continuing.executions()).as("each call carried out once, however often the run continued")
                .isEqualTo(Map.of(1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 1));
        assertThat(kinds(continued.events(0))).as("each event once, in the order of a run that did not continue")
                .isEqualTo(kinds(whole.events(0)));
        assertThat(continued.journal(0)).hasSameSizeAs(whole.journal(0));
    }

    private static long millis(HistoryEvent event) {
        return event.getEventTime().getSeconds() * 1000 + event.getEventTime().getNanos() / 1_000_000;
    }

    /** The kinds of events in order, streamed text left out (how it is cut into events depends on timing). */
    private static List<String> kinds(List<String> events) {
        return events.stream().map(line -> Wire.read(line).path("type").asString())
                .filter(type -> !type.endsWith("_delta")).toList();
    }
}
