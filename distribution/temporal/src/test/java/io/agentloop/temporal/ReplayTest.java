package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.run.RunOptions;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A run's history replays to the same decisions: the one recorded from a run of an earlier build
 * (kept in the test resources: a change to the decisions that would derail runs in flight fails
 * here), and one recorded now. A decision that comes out differently (here: an agent whose limit
 * is lower than when the history was made) is caught by the replay.
 */
class ReplayTest {
    static final String RECORDED = "histories/three-rounds.json";

    TestWorkflowEnvironment env;

    @BeforeEach
    void start() {
        env = TestWorkflowEnvironment.newInstance();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    /** The recorded history, read from the class path (the SDK's own reader takes a URL's path, which breaks on spaces). */
    static WorkflowExecutionHistory recorded() throws java.io.IOException {
        try (java.io.InputStream in = ReplayTest.class.getClassLoader().getResourceAsStream(RECORDED)) {
            assertThat(in).as(RECORDED + " on the test class path").isNotNull();
            return WorkflowExecutionHistory.fromJson(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    private Worker replaying(Agent agent) {
        Worker worker = env.newWorker("replay");
        AgentWorker.workflows(worker, DurableRunTest.only(agent), DurableRunTest.OPTIONS);
        return worker;
    }

    @Test
    void theHistoryRecordedFromAnEarlierRunReplays() throws Exception {
        WorkflowReplayer.replayWorkflowExecution(recorded(), replaying(DurableRunTest.agent(CountingTool.reading("count"))));
    }

    @Test
    void aRunsHistoryRecordedNowReplays() throws Exception {
        CountingTool count = CountingTool.reading("count");
        Agent agent = DurableRunTest.agent(count);
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(agent),
                DurableRunTest.OPTIONS);
        Worker replayer = replaying(DurableRunTest.agent(CountingTool.reading("count")));
        env.start();
        DurableRuns.DurableRun run = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE)
                .start("three-rounds", "default", List.of(), Rounds.task(3, "count"), Optional.empty());
        run.result().get(5, TimeUnit.MINUTES);
        WorkflowExecutionHistory history = env.getWorkflowClient().fetchHistory(DurableRuns.workflowId("three-rounds"));
        // kept for a person to read (and to refresh the recorded one after a deliberate change)
        Path kept = Path.of("target", "histories", "three-rounds.json");
        Files.createDirectories(kept.getParent());
        Files.writeString(kept, history.toJson(true));

        WorkflowReplayer.replayWorkflowExecution(history, replayer);
        assertThat(count.executions()).as("a replay carries nothing out").hasSize(3).allSatisfy((n, times) ->
                assertThat(times).isEqualTo(1));
    }

    @Test
    void aDecisionThatComesOutDifferentlyFailsTheReplay() throws Exception {
        Agent changed = Agent.builder().name("default").model(Rounds.model()).tools(CountingTool.reading("count"))
                .options(RunOptions.DEFAULTS.withMaxIterations(2))
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES)).build();

        WorkflowExecutionHistory history = recorded();
        assertThatThrownBy(() -> WorkflowReplayer.replayWorkflowExecution(history, replaying(changed)))
                .hasStackTraceContaining("NonDeterministicException").hasStackTraceContaining("does not match command type");
    }
}
