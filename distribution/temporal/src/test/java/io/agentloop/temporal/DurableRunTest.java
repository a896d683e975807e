package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Runs on Temporal's in-process test environment: the workflow, the steps as activities, workers stopped. */
class DurableRunTest {
    static final String QUEUE = "agentloop-test";
    static final DurableOptions OPTIONS = new DurableOptions(Duration.ofSeconds(3));

    TestWorkflowEnvironment env;

    @BeforeEach
    void start() {
        env = TestWorkflowEnvironment.newInstance();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    static Agent agent(Tool... tools) {
        // its own name differs from the one the workers know it by, as a launcher's agent does
        return Agent.builder().name("counter").model(Rounds.model()).tools(tools)
                .options(RunOptions.DEFAULTS.withMaxRetries(2).withRetryDelays(Duration.ofMillis(100), Duration.ofSeconds(1)))
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES)).build();
    }

    private static Agent limited(Tool tool, RunOptions options) {
        return Agent.builder().name("counter").model(Rounds.model()).tools(tool).options(options)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.YES)).build();
    }

    /** The workers' agents: this one, as {@code default}. */
    static Agents only(Agent agent) {
        return name -> {
            if (!name.equals("default")) {
                throw new IllegalArgumentException("no agent named '" + name + "'; known: [default]");
            }
            return agent;
        };
    }

    DurableRuns.DurableRun start(String runId, String task) {
        return new DurableRuns(env.getWorkflowClient(), QUEUE).start(runId, "default", List.of(), task, Optional.empty());
    }

    static RunResult result(DurableRuns.DurableRun run) throws Exception {
        return run.result().get(5, TimeUnit.MINUTES);
    }

    @Test
    void aRunOfThreeToolRoundsCompletesAndEachCallRanExactlyOnce() throws Exception {
        CountingTool count = CountingTool.reading("count");
        AgentWorker.register(env.getWorkerFactory(), QUEUE, only(agent(count)), OPTIONS);
        env.start();

        DurableRuns.DurableRun run = start("three-rounds", Rounds.task(3, "count"));
        RunResult result = result(run);

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("done after 3 rounds: counted 3");
        assertThat(count.executions()).isEqualTo(Map.of(1, 1, 2, 1, 3, 1));
        assertThat(result.toolCalls()).extracting(call -> call.result().content())
                .containsExactly("counted 1", "counted 2", "counted 3");
        assertThat(result.iterations()).isEqualTo(4);
        assertThat(result.usage().inputTokens()).isEqualTo(40);
        List<String> types = run.events(0).stream().map(line -> Wire.read(line).path("type").asString()).toList();
        assertThat(types).startsWith("run_started").endsWith("run_completed");
        assertThat(types.stream().filter("tool_call_completed"::equals)).hasSize(3);
        assertThat(types.stream().filter("iteration_started"::equals)).hasSize(4);
    }

    /**
     * A run of three rounds of {@code tool}, whose step worker is stopped while the tool's held call
     * runs, and a new step worker started (the workflow's worker stays); the run's result.
     */
    private RunResult withTheStepWorkerLost(CountingTool tool, String runId) throws Exception {
        Agents agents = only(agent(tool));
        AgentWorker.workflows(env.newWorker(QUEUE), agents, OPTIONS);
        WorkflowClient client = env.getWorkflowClient();
        WorkerFactory first = WorkerFactory.newInstance(client);
        AgentWorker.steps(first.newWorker(QUEUE), agents, OPTIONS);
        env.start();
        first.start();

        DurableRuns.DurableRun run = start(runId, Rounds.task(3, tool.spec().name()));
        assertThat(tool.awaitHeld()).as("the held call started").isTrue();
        first.shutdownNow();
        first.awaitTermination(5, TimeUnit.MINUTES);
        WorkerFactory second = WorkerFactory.newInstance(client);
        AgentWorker.steps(second.newWorker(QUEUE), agents, OPTIONS);
        second.start();
        try {
            return result(run);
        } finally {
            second.shutdownNow();
        }
    }

    @Test
    void aStepWorkerStoppedDuringTheSecondCallIsReplacedAndOnlyTheInterruptedCallRunsAgain() throws Exception {
        CountingTool count = CountingTool.readingHolding("count", 2);

        RunResult result = withTheStepWorkerLost(count, "worker-lost");

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.text()).isEqualTo("done after 3 rounds: counted 3");
        assertThat(count.executions()).as("the interrupted call ran again, the others once")
                .isEqualTo(Map.of(1, 1, 2, 2, 3, 1));
        assertThat(result.toolCalls()).extracting(call -> call.result().content())
                .containsExactly("counted 1", "counted 2", "counted 3");
    }

    @Test
    void aCallThatChangesThingsIsNotRepeatedWhenItsWorkerIsLostButReportedInterrupted() throws Exception {
        CountingTool change = CountingTool.changingHolding("change", 2);

        RunResult result = withTheStepWorkerLost(change, "change-lost");

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(change.executions()).isEqualTo(Map.of(1, 1, 2, 1, 3, 1));
        assertThat(result.toolCalls().get(1).result()).isInstanceOfSatisfying(ToolResult.Failure.class,
                failure -> assertThat(failure.code()).isEqualTo(ToolResult.Failure.INTERRUPTED));
    }

    @Test
    void streamedTextIsKeptInTheHistoryAsOneEventPerStretchNotOnePerToken() {
        tools.jackson.databind.node.ArrayNode events = Wire.JSON.createArrayNode();
        for (String token : List.of("Hel", "lo", " there")) {
            WorkerSteps.add(events, Wire.object().put("type", "text_delta").put("text", token));
        }
        WorkerSteps.add(events, Wire.object().put("type", "tool_call_started").put("id", "1"));
        WorkerSteps.add(events, Wire.object().put("type", "text_delta").put("text", "again"));

        assertThat(events).extracting(event -> event.path("text").asString()).containsExactly("Hello there", "", "again");
    }

    @Test
    void aRunPastItsTimeoutIsStoppedByItsWorkflowTimerAndEndsAsALocalRunDoes() throws Exception {
        RunOptions limited = RunOptions.DEFAULTS.withRunTimeout(Duration.ofSeconds(2));
        RunResult local = limited(CountingTool.changingHolding("hold", 1), limited).run(Rounds.task(1, "hold"));
        CountingTool durably = CountingTool.changingHolding("hold", 1);
        AgentWorker.register(env.getWorkerFactory(), QUEUE, only(limited(durably, limited)), OPTIONS);
        env.start();

        RunResult result = result(start("timed-out", Rounds.task(1, "hold")));

        assertThat(local.reason()).contains(TerminalReason.TIMEOUT);
        assertThat(result.state()).isEqualTo(local.state());
        assertThat(result.reason()).isEqualTo(local.reason());
        assertThat(result.toolCalls()).extracting(call -> call.result().isError()).containsExactly(true);
        assertThat(durably.executions()).as("the held call was stopped, not run again").isEqualTo(Map.of(1, 1));
    }
}
