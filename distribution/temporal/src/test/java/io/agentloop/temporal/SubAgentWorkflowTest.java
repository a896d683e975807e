package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.testkit.ScriptedChatModel;
import io.agentloop.testkit.ScriptedChatModel.Step;
import io.temporal.api.enums.v1.EventType;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A call that hands a task to a sub-agent runs the sub-agent's run as a child workflow of its own. */
class SubAgentWorkflowTest {
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
    void aSubAgentsRunIsAChildWorkflowAndItsAnswerIsTheCallsResult() throws Exception {
        ScriptedChatModel child = ScriptedChatModel.dynamic(request -> Step.answer(Rounds.USAGE, "hi from the child"));
        ScriptedChatModel parent = ScriptedChatModel.dynamic(request -> {
            List<Message> messages = request.messages();
            if (messages.getLast() instanceof ToolMessage result) {
                return Step.answer(Rounds.USAGE, "the helper said: " + result.results().getFirst().content());
            }
            return Step.toolCalls(Rounds.USAGE, List.of(ToolCall.of("call-1", "helper", "{\"task\":\"say hi\"}")));
        });
        Agent agent = Agent.builder().name("parent").model(parent)
                .agentTools(SubAgentProfile.of("helper", "Says hi.", "You say hi.", List.of()).withModel(child)).build();
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(agent),
                DurableRunTest.OPTIONS);
        env.start();

        DurableRuns.DurableRun run = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("with-helper",
                "default", List.of(), "Ask the helper", Optional.empty());
        RunResult result = run.result().get(5, TimeUnit.MINUTES);

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.text()).isEqualTo("the helper said: hi from the child");
        assertThat(result.toolCalls()).singleElement().satisfies(call -> {
            assertThat(call.result().content()).isEqualTo("hi from the child");
            assertThat(call.result()).isInstanceOf(io.agentloop.api.tool.ToolResult.Success.class);
        });
        assertThat(result.usage().inputTokens()).as("the child's tokens count in the parent's run").isEqualTo(30);
        String childId = DurableRuns.workflowId("with-helper-call-1");
        RunResult childResult = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).find("with-helper-call-1")
                .result().get(5, TimeUnit.MINUTES);
        assertThat(childResult.text()).isEqualTo("hi from the child");
        assertThat(env.getWorkflowClient().fetchHistory(DurableRuns.workflowId("with-helper")).getEvents())
                .anySatisfy(event -> {
                    assertThat(event.getEventType()).isEqualTo(EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED);
                    assertThat(event.getStartChildWorkflowExecutionInitiatedEventAttributes().getWorkflowId())
                            .isEqualTo(childId);
                });
        assertThat(child.requests()).hasSize(1);
        assertThat(new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).find("with-helper-call-1").events(0))
                .first().asString().contains("\"parent_run_id\":\"with-helper\"");
    }
}
