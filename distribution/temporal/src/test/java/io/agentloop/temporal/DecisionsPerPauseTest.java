package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.ScriptedChatModel.Step;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A decision holds for the call that waits when it is made, once: servers that send no call ids
 * have theirs numbered {@code call_0}, {@code call_1}, ... in every turn, so a later turn's
 * {@code call_0} is another call and is asked for again; and a decision sent before its call waits
 * approves nothing.
 */
class DecisionsPerPauseTest {
    TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
    CountingTool deploy = CountingTool.changingHolding("deploy", 0);
    /** Opened once the test let the run's first model call answer. */
    CountDownLatch answer = new CountDownLatch(1);

    @AfterEach
    void stop() {
        env.close();
    }

    /** Two turns, each one deploy call numbered as a server without ids numbers it: call_0. */
    private Step sameIdEachTurn(ChatRequest request) {
        try {
            answer.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        long results = request.messages().stream().filter(ToolMessage.class::isInstance).count();
        return results < 2 ? Step.toolCalls(Rounds.USAGE, List.of(ToolCall.of("call_0", "deploy",
                "{\"n\":" + (results + 1) + "}"))) : Step.answer(Rounds.USAGE, "deployed twice");
    }

    private DurableRuns.DurableRun start() {
        Agent agent = Agent.builder().name("default").model(ScriptedChatModel.dynamic(this::sameIdEachTurn))
                .tools(deploy).permissions(PermissionPolicy.defaults().withMode(PermissionMode.ASK)).build();
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(agent),
                DurableRunTest.OPTIONS);
        env.start();
        return new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("per-pause", "default", List.of(),
                "deploy twice", Optional.empty());
    }

    @Test
    void aLaterTurnsCallWithTheSameIdIsAskedForAgain() throws Exception {
        answer.countDown();
        DurableRuns.DurableRun run = start();
        CompletableFuture<RunResult> ended = run.result();
        Await.until("the first deploy call to wait", () -> !run.waiting().isEmpty());
        run.decide(List.of(CallDecision.approve("call_0")));
        Await.until("the second deploy call to wait, or the run to end",
                () -> deploy.executions().size() == 1 && !run.waiting().isEmpty() || ended.isDone());

        assertThat(ended.isDone()).as("the second turn's call_0 ran without asking").isFalse();
        assertThat(deploy.executions()).isEqualTo(Map.of(1, 1));
        assertThat(run.waiting()).extracting(pending -> pending.call().arguments()).containsExactly("{\"n\":2}");
        run.decide(List.of(CallDecision.deny("call_0", Optional.of("not twice"))));
        RunResult result = ended.get(5, TimeUnit.MINUTES);

        assertThat(result.text()).isEqualTo("deployed twice");
        assertThat(deploy.executions()).as("the second call denied, so never run").isEqualTo(Map.of(1, 1));
    }

    @Test
    void aDecisionSentBeforeItsCallWaitsApprovesNothing() throws Exception {
        DurableRuns.DurableRun run = start();
        assertThat(run.decide(List.of(CallDecision.approve("call_0")))).as("not waiting").containsExactly("call_0");
        // past the client's check, as a command line's signal is: the run is still in its first model call
        env.getWorkflowClient().newUntypedWorkflowStub(DurableRuns.workflowId("per-pause"))
                .signal("decide", List.of(Map.of("call_id", "call_0", "approval", "ALLOW_ONCE")));
        answer.countDown();
        Await.until("the first deploy call to wait, or to run", () -> !run.waiting().isEmpty()
                || !deploy.executions().isEmpty());

        assertThat(deploy.executions()).as("nothing ran without a decision").isEmpty();
        assertThat(run.waiting()).extracting(PendingCall::call).extracting(ToolCall::id).containsExactly("call_0");
        run.decide(List.of(CallDecision.approve("call_0")));
        Await.until("the second deploy call to wait", () -> deploy.executions().size() == 1 && !run.waiting().isEmpty());
        run.decide(List.of(CallDecision.approve("call_0")));

        assertThat(run.result().get(5, TimeUnit.MINUTES).text()).isEqualTo("deployed twice");
        assertThat(deploy.executions()).isEqualTo(Map.of(1, 1, 2, 1));
    }
}
