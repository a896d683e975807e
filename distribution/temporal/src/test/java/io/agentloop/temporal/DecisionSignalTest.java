package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.ScriptedChatModel.Step;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.workflowservice.v1.SignalWorkflowExecutionRequest;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code decide} signal as Temporal's command line sends it ({@code temporal workflow signal
 * --input '[...]'}: the JSON array as a {@code json/plain} payload), and the first decision on a
 * call winning over every later one, whoever sends it.
 */
class DecisionSignalTest {
    TestWorkflowEnvironment env;
    CountingTool deploy;
    DurableRuns.DurableRun run;

    @BeforeEach
    void start() throws Exception {
        env = TestWorkflowEnvironment.newInstance();
        deploy = CountingTool.changingHolding("deploy", 0);
        Agent agent = Agent.builder().name("default").model(ScriptedChatModel.dynamic(DecisionSignalTest::twoCalls))
                .tools(deploy)
                .permissions(PermissionPolicy.defaults().withMode(PermissionMode.ASK)).build();
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(agent),
                DurableRunTest.OPTIONS);
        env.start();
        run = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("decisions", "default", List.of(),
                "deploy twice", Optional.empty());
        Await.until("both deploy calls to wait for a person", () -> run.waiting().size() == 2);
    }

    /** Two deploy calls in one turn, then an answer with their results. */
    private static Step twoCalls(ChatRequest request) {
        List<String> results = request.messages().stream().filter(ToolMessage.class::isInstance)
                .flatMap(message -> ((ToolMessage) message).results().stream()).map(ToolResultBlock::content).toList();
        return results.isEmpty() ? Step.toolCalls(Rounds.USAGE, List.of(ToolCall.of("call-1", "deploy", "{\"n\":1}"),
                ToolCall.of("call-2", "deploy", "{\"n\":2}"))) : Step.answer(Rounds.USAGE, String.join(" | ", results));
    }

    @AfterEach
    void stop() {
        env.close();
    }

    /** What {@code temporal workflow signal --workflow-id ... --name decide --input TEXT} sends. */
    private void signalAsTheCommandLine(String input) {
        env.getWorkflowServiceStubs().blockingStub().signalWorkflowExecution(SignalWorkflowExecutionRequest
                .newBuilder().setNamespace(env.getNamespace()).setSignalName("decide")
                .setWorkflowExecution(WorkflowExecution.newBuilder().setWorkflowId(DurableRuns.workflowId("decisions")))
                .setInput(Payloads.newBuilder().addPayloads(Payload.newBuilder()
                        .putMetadata("encoding", ByteString.copyFromUtf8("json/plain"))
                        .setData(ByteString.copyFrom(input, StandardCharsets.UTF_8))))
                .build());
    }

    @Test
    void theCommandLinesJsonArrayApprovesAndLaterDecisionsOnTheCallAreAnsweredDecidedAlready() throws Exception {
        signalAsTheCommandLine(DurableRuns.signalInput(CallDecision.approve("call-1")));
        signalAsTheCommandLine(DurableRuns.signalInput(CallDecision.deny("call-1", Optional.of("too late"))));
        Await.until("call-1 to wait no more", () -> run.waiting().size() == 1);
        assertThat(run.decide(List.of(CallDecision.deny("call-1", Optional.empty()), CallDecision.approve("call-2"))))
                .as("decided already").containsExactly("call-1");
        RunResult result = run.result().get(5, TimeUnit.MINUTES);

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("counted 1 | counted 2");
        assertThat(deploy.executions()).as("each call ran once").isEqualTo(Map.of(1, 1, 2, 1));
        assertThat(run.decide(List.of(CallDecision.approve("call-2")))).as("decided already").containsExactly("call-2");
        assertThat(deploy.executions()).isEqualTo(Map.of(1, 1, 2, 1));
        assertThat(result.usage().inputTokens()).as("both model calls, around the approval")
                .isEqualTo(2 * Rounds.USAGE.inputTokens());
        assertThat(result.usage().outputTokens()).isEqualTo(2 * Rounds.USAGE.outputTokens());
    }

    @Test
    void theFirstDecisionOnACallWinsOverALaterOneOfAnyKind() throws Exception {
        signalAsTheCommandLine(DurableRuns.signalInput(CallDecision.deny("call-1", Optional.of("not today"))));
        signalAsTheCommandLine(DurableRuns.signalInput(CallDecision.approve("call-1")));
        run.decide(List.of(CallDecision.approve("call-1")));
        Await.until("call-1 to wait no more", () -> run.waiting().size() == 1);
        run.decide(List.of(CallDecision.approve("call-2")));
        RunResult result = run.result().get(5, TimeUnit.MINUTES);

        assertThat(deploy.executions()).as("call-1 denied first, so never run").isEqualTo(Map.of(2, 1));
        assertThat(result.text()).contains("not today").contains("counted 2");
    }

    @Test
    void aSignalThatIsNoDecisionIsDroppedAndTheRunStillWaitsForOne() throws Exception {
        signalAsTheCommandLine("{\"call_id\": \"call-1\"}");
        signalAsTheCommandLine("[{\"call_id\": \"call-1\", \"approval\": \"MAYBE\"}]");
        signalAsTheCommandLine(DurableRuns.signalInput(CallDecision.approve("call-2")));
        Await.until("call-2 to wait no more", () -> run.waiting().size() == 1);

        assertThat(run.waiting()).as("call-1 still waits").extracting(pending -> pending.call().id())
                .containsExactly("call-1");
        assertThat(run.decide(List.of(CallDecision.approve("call-1")))).isEmpty();
        assertThat(run.result().get(5, TimeUnit.MINUTES).text()).isEqualTo("counted 1 | counted 2");
        assertThat(deploy.executions()).isEqualTo(Map.of(1, 1, 2, 1));
    }
}
