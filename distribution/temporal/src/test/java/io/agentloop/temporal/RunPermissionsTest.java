package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A durable run's mode and "always" rules are its client's, within its workers' mode: a worker that
 * lets everything run still pauses a call of a client in mode ask, a client cannot widen its
 * workers' mode, and a rule said "always" to holds for the rest of the run (and, sent by the client,
 * for its later runs).
 */
class RunPermissionsTest {
    TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
    CountingTool deploy = CountingTool.changingHolding("deploy", 0);

    @AfterEach
    void stop() {
        env.close();
    }

    private DurableRuns.DurableRun start(PermissionMode workers, int rounds, DurableEngine.Terms client) {
        Agent agent = Agent.builder().name("default").model(Rounds.model()).tools(deploy)
                .permissions(PermissionPolicy.defaults().withMode(workers)).build();
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(agent),
                DurableRunTest.OPTIONS);
        env.start();
        return new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("permissions", "default",
                List.of(), Rounds.task(rounds, "deploy"), Optional.empty(), Optional.of(client));
    }

    @Test
    void aWorkerInModeYesPausesTheCallOfAClientInModeAskAndAlwaysHoldsForTheRestOfTheRun() throws Exception {
        DurableRuns.DurableRun run = start(PermissionMode.YES, 2,
                new DurableEngine.Terms(PermissionMode.ASK, List.of(), Optional.empty()));

        Await.until("the first deploy call to wait for a person", () -> !run.waiting().isEmpty());
        PendingCall first = run.waiting().getFirst();
        assertThat(first.rememberAs()).as("a rule to remember").isNotEmpty();
        assertThat(deploy.executions()).as("nothing ran without a decision").isEmpty();
        run.decide(List.of(CallDecision.always(first.call().id())));
        RunResult result = run.result().get(5, TimeUnit.MINUTES);

        assertThat(result.text()).as("the second call ran without asking").isEqualTo("done after 2 rounds: counted 2");
        assertThat(deploy.executions()).isEqualTo(Map.of(1, 1, 2, 1));
    }

    @Test
    void theClientsRememberedRulesLetItsCallsRunInModeAsk() throws Exception {
        DurableRuns.DurableRun probe = start(PermissionMode.YES, 1,
                new DurableEngine.Terms(PermissionMode.ASK, List.of("deploy"), Optional.empty()));

        RunResult result = probe.result().get(5, TimeUnit.MINUTES);

        assertThat(result.text()).isEqualTo("done after 1 rounds: counted 1");
        assertThat(deploy.executions()).isEqualTo(Map.of(1, 1));
    }

    @Test
    void aClientCannotWidenItsWorkersMode() throws Exception {
        DurableRuns.DurableRun run = start(PermissionMode.ASK, 1,
                new DurableEngine.Terms(PermissionMode.YES, List.of(), Optional.empty()));

        RunResult result = run.result().get(5, TimeUnit.MINUTES);

        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).hasValueSatisfying(error -> assertThat(error.getMessage())
                .contains("mode yes is wider than the workers allow (ask)"));
        assertThat(deploy.executions()).isEmpty();
    }
}
