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

    /** A parent whose first turn hands {@code calls} tasks to its helper at once, then answers with what they said. */
    private static Agent parentOf(ScriptedChatModel child, int calls, int fanOut) {
        ScriptedChatModel parent = ScriptedChatModel.dynamic(request -> {
            if (request.messages().getLast() instanceof ToolMessage results) {
                return Step.answer(Rounds.USAGE, "the helpers said: " + results.results().stream()
                        .map(result -> result.content()).toList());
            }
            List<ToolCall> handoffs = new java.util.ArrayList<>();
            for (int i = 1; i <= calls; i++) {
                handoffs.add(ToolCall.of("call-" + i, "helper", "{\"task\":\"say hi " + i + "\"}"));
            }
            return Step.toolCalls(Rounds.USAGE, handoffs);
        });
        return Agent.builder().name("parent").model(parent).subAgentLimits(2, fanOut)
                .agentTools(SubAgentProfile.of("helper", "Says hi.", "You say hi.", List.of()).withModel(child)).build();
    }

    @Test
    void aSubAgentsEventsReachTheParentsStreamInOrderWithinItsCall() throws Exception {
        ScriptedChatModel child = ScriptedChatModel.dynamic(request -> Step.answer(Rounds.USAGE, "hi ", "from ",
                "the child"));
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(parentOf(child, 1, 4)),
                DurableRunTest.OPTIONS);
        env.start();
        DurableRuns runs = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE);

        DurableRuns.DurableRun run = runs.start("forwards", "default", List.of(), "Ask the helper", Optional.empty());
        run.result().get(5, TimeUnit.MINUTES);

        List<tools.jackson.databind.JsonNode> events = run.events(0).stream().map(Wire::read).toList();
        List<tools.jackson.databind.JsonNode> childEvents = runs.find("forwards-call-1").events(0).stream()
                .map(Wire::read).toList();
        assertThat(childEvents).extracting(event -> event.path("type").asString()).startsWith("run_started")
                .endsWith("run_completed").contains("text_delta");
        List<tools.jackson.databind.JsonNode> forwarded = events.stream()
                .filter(event -> event.path("type").asString().equals("sub_agent")).toList();
        assertThat(forwarded).as("every event of the child, in its order").hasSameSizeAs(childEvents)
                .allSatisfy(event -> {
                    assertThat(event.path("run_id").asString()).isEqualTo("forwards-call-1");
                    assertThat(event.path("parent_run_id").asString()).isEqualTo("forwards");
                    assertThat(event.path("event").path("agent").asString()).isEqualTo("helper");
                });
        for (int i = 0; i < childEvents.size(); i++) {
            tools.jackson.databind.node.ObjectNode inner = (tools.jackson.databind.node.ObjectNode) forwarded.get(i)
                    .path("event").deepCopy();
            inner.remove("agent");
            assertThat(inner).isEqualTo(childEvents.get(i));
        }
        int started = indexOf(events, "tool_call_started");
        int completed = indexOf(events, "tool_call_completed");
        assertThat(events.subList(started + 1, completed)).as("within the hand-off's call")
                .containsAll(forwarded);
        assertThat(io.agentloop.core.event.EventJson.read(forwarded.getFirst())).as("read as a local run's")
                .hasValueSatisfying(event -> assertThat(event).isInstanceOf(
                        io.agentloop.api.event.AgentEvent.SubAgent.class));
    }

    private static int indexOf(List<tools.jackson.databind.JsonNode> events, String type) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).path("type").asString().equals(type)) {
                return i;
            }
        }
        throw new AssertionError("no " + type + " event in " + events);
    }

    @Test
    void theFanOutLimitHoldsForChildWorkflowsAsForLocalSubAgents() throws Exception {
        ScriptedChatModel child = ScriptedChatModel.dynamic(request -> Step.answer(Rounds.USAGE, "hi"));
        AgentWorker.register(env.getWorkerFactory(), DurableRunTest.QUEUE, DurableRunTest.only(parentOf(child, 3, 2)),
                DurableRunTest.OPTIONS);
        env.start();

        RunResult result = new DurableRuns(env.getWorkflowClient(), DurableRunTest.QUEUE).start("fan-out", "default",
                List.of(), "Ask three helpers", Optional.empty()).result().get(5, TimeUnit.MINUTES);

        assertThat(result.toolCalls()).extracting(call -> call.result().content()).containsExactly("hi", "hi",
                "Error (sub_agent_limit): at most 2 sub-agents run at once for one run: wait for their answers, then "
                        + "hand out the rest");
        assertThat(env.getWorkflowClient().fetchHistory(DurableRuns.workflowId("fan-out")).getEvents())
                .filteredOn(event -> event.getEventType() == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED)
                .hasSize(2);
        assertThat(child.requests()).hasSize(2);
    }
}
