package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.permission.ApprovalRequest;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.RecordingListener;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The task tool and its sub-agents: each rule of delegation, with scripted models. */
class SubAgentsTest {
    private static final Usage PARENT_CALL = Usage.of(100, 50);
    private static final Usage CHILD_CALL = Usage.of(10, 5);

    private static ToolCall task(String id, String agent, String task) {
        return ToolCall.of(id, "task", "{\"agent\":\"" + agent + "\",\"task\":\"" + task + "\"}");
    }

    private static SubAgentProfile helper(ScriptedChatModel model, FakeTool... tools) {
        return SubAgentProfile.of("helper", "Does small jobs.", "You help.", List.of(tools)).withModel(model)
                .withDelegation();
    }

    @Test
    void aSubAgentAnswersThroughTheTaskToolAndItsTokensAndEventsReachTheParent() {
        ScriptedChatModel child = ScriptedChatModel.script().usage(CHILD_CALL).answer("42").build();
        ScriptedChatModel parent = ScriptedChatModel.script().usage(PARENT_CALL)
                .toolCalls(task("c1", "helper", "What is six times seven?")).answer("It is 42.").build();
        RecordingListener listener = new RecordingListener();

        RunResult result = Agent.builder().model(parent).subAgents(helper(child)).listeners(listener).build()
                .run("Ask the helper.");

        assertThat(result.text()).isEqualTo("It is 42.");
        assertThat(result.toolCalls().getFirst().result().content()).isEqualTo("42");
        assertThat(child.requests().getFirst().messages().toString()).contains("You help.")
                .contains("What is six times seven?").doesNotContain("Ask the helper.");
        assertThat(result.usage()).as("the sub-agent's tokens roll up").isEqualTo(Usage.of(210, 105));
        List<AgentEvent.SubAgent> tagged = listener.ofType(AgentEvent.SubAgent.class);
        assertThat(tagged).isNotEmpty().allSatisfy(event -> {
            assertThat(event.agent()).isEqualTo("helper");
            assertThat(event.agentId()).matches("helper-\\d+");
            assertThat(event.parentRunId()).isEqualTo(result.runId());
        });
        assertThat(tagged).anySatisfy(e -> assertThat(e.event()).isEqualTo(new AgentEvent.TextDelta("42")));
        assertThat(tagged.getLast().event()).isInstanceOf(AgentEvent.RunCompleted.class);
        assertThat(tagged.getFirst().event()).as("the sub-agent's run names it and its parent run")
                .isEqualTo(new AgentEvent.RunStarted(tagged.getFirst().runId(), "helper",
                        java.util.Optional.of(result.runId())));
        assertThat(listener.ofType(AgentEvent.RunStarted.class)).singleElement()
                .satisfies(started -> assertThat(started.agent()).isEqualTo("agent"));
    }

    @Test
    void anAgentGivenAsAToolIsCalledByItsNameAndRunsAsASubAgentUnderTheParentsRules() {
        FakeTool write = FakeTool.named("write").stringParameter("path", true).returning("written");
        ScriptedChatModel child = ScriptedChatModel.script().usage(CHILD_CALL)
                .toolCalls(ToolCall.of("w", "write", "{\"path\":\"fr.txt\"}")).answer("Bonjour").build();
        ScriptedChatModel parent = ScriptedChatModel.script().usage(PARENT_CALL)
                .toolCalls(ToolCall.of("c1", "translate", "{\"task\":\"Hello\"}")).answer("Bonjour.").build();
        SubAgentProfile translator = SubAgentProfile.of("translate", "Translates text to French.",
                "You translate to French.", List.of(write)).withModel(child);
        RecordingListener listener = new RecordingListener();

        Agent agent = Agent.builder().model(parent).agentTools(translator).listeners(listener)
                .permissions(PermissionPolicy.of(List.of(), List.of(), List.of("write"))).build();
        RunResult result = agent.run("Say hello in French.");

        assertThat(agent.toolSpecs()).extracting(io.agentloop.api.tool.ToolSpec::name).containsExactly("translate");
        assertThat(agent.toolSpecs().getFirst().description()).startsWith("Translates text to French.");
        assertThat(agent.toolSpecs().getFirst().parameters().toString()).contains("task").doesNotContain("agent");
        assertThat(result.toolCalls().getFirst().result().content()).isEqualTo("Bonjour");
        assertThat(write.calls()).as("the parent's deny rule holds in the sub-agent").isEmpty();
        assertThat(result.usage()).isEqualTo(Usage.of(210, 105).plus(CHILD_CALL));
        assertThat(listener.ofType(AgentEvent.SubAgent.class)).isNotEmpty().allSatisfy(event -> {
            assertThat(event.agent()).isEqualTo("translate");
            assertThat(event.parentRunId()).isEqualTo(result.runId());
        });
    }

    @Test
    void aSubAgentIsOfferedExactlyItsOwnToolsUnlessItMayHandTasksOn() {
        FakeTool read = FakeTool.named("read").returning("text");
        ScriptedChatModel bare = ScriptedChatModel.script().answer("done").build();
        ScriptedChatModel reader = ScriptedChatModel.script().answer("read it").build();
        ScriptedChatModel delegating = ScriptedChatModel.script().answer("handed on").build();
        ScriptedChatModel parent = ScriptedChatModel.script()
                .toolCalls(task("c1", "bare", "x"), task("c2", "reader", "y"), task("c3", "boss", "z"))
                .answer("ok").build();

        Agent.builder().model(parent).agentTools(SubAgentProfile.of("lone", "Alone.", "", List.of()))
                .subAgents(SubAgentProfile.of("bare", "Has no tools.", "", List.of()).withModel(bare),
                        SubAgentProfile.of("reader", "Reads.", "", List.of(read)).withModel(reader),
                        SubAgentProfile.of("boss", "Hands on.", "", List.of()).withModel(delegating).withDelegation())
                .build().run("Go.");

        assertThat(bare.requests().getFirst().tools()).as("a sub-agent given no tools has none").isEmpty();
        assertThat(reader.requests().getFirst().tools()).extracting(io.agentloop.api.tool.ToolSpec::name)
                .containsExactly("read");
        assertThat(delegating.requests().getFirst().tools()).extracting(io.agentloop.api.tool.ToolSpec::name)
                .containsExactly("task", "lone");
    }

    @Test
    void aPluginsListenerSeesASubAgentsEventsOnceTaggedWithIt() {
        RecordingListener plugin = new RecordingListener();
        io.agentloop.core.registry.Extensions extensions = io.agentloop.core.registry.Extensions.discoverBuiltIns();
        extensions.add(plugin, io.agentloop.core.registry.Origin.plugin("watch", "1.0"));
        ScriptedChatModel child = ScriptedChatModel.script().answer("42").build();
        ScriptedChatModel parent = ScriptedChatModel.script().toolCalls(task("c1", "helper", "x")).answer("ok").build();

        RunResult result = Agent.builder().model(parent).extensions(extensions).subAgents(helper(child)).build()
                .run("Go.");

        assertThat(plugin.ofType(AgentEvent.RunStarted.class)).as("only the parent's run, untagged").singleElement()
                .satisfies(started -> assertThat(started.runId()).isEqualTo(result.runId()));
        assertThat(plugin.ofType(AgentEvent.SubAgent.class)).filteredOn(e -> e.event() instanceof AgentEvent.TextDelta)
                .singleElement().satisfies(e -> assertThat(e.event()).isEqualTo(new AgentEvent.TextDelta("42")));
        assertThat(plugin.ofType(AgentEvent.TextDelta.class)).extracting(AgentEvent.TextDelta::text)
                .containsExactly("ok");
    }

    @Test
    void aSubAgentHasNoPermissionItsParentLacksAndAsksTheSameApprover() {
        FakeTool write = FakeTool.named("write").stringParameter("path", true).returning("written");
        FakeTool deploy = FakeTool.named("deploy").returning("deployed");
        ScriptedChatModel child = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("w", "write", "{\"path\":\"a.txt\"}"), ToolCall.of("d", "deploy", "{}"))
                .answer("done").build();
        ScriptedChatModel parent = ScriptedChatModel.script().toolCalls(task("c1", "helper", "Write and deploy."))
                .answer("ok").build();
        List<String> asked = new CopyOnWriteArrayList<>();

        Agent.builder().model(parent).subAgents(helper(child, write, deploy))
                .permissions(PermissionPolicy.of(List.of(), List.of(), List.of("write")))
                .approver((ApprovalRequest request) -> {
                    asked.add(request.toolName());
                    return Approval.ALLOW_ONCE;
                }).build().run("Go.");

        assertThat(write.calls()).as("denied by the parent's rule").isEmpty();
        assertThat(deploy.calls()).hasSize(1);
        assertThat(asked).as("the parent's approver was asked about the sub-agent's call").containsExactly("deploy");
    }

    @Test
    void aSubAgentWorksInItsParentsWorkspace(@org.junit.jupiter.api.io.TempDir java.nio.file.Path folder) {
        List<java.nio.file.Path> seen = new CopyOnWriteArrayList<>();
        io.agentloop.api.tool.Tool where = new io.agentloop.api.tool.Tool() {
            @Override
            public io.agentloop.api.tool.ToolSpec spec() {
                return io.agentloop.api.tool.ToolSpec.builder("where").description("Says where it works.").build();
            }

            @Override
            public boolean readOnly() {
                return true;
            }

            @Override
            public ToolResult execute(io.agentloop.api.tool.ToolArguments arguments,
                                      io.agentloop.api.tool.ToolContext context) {
                seen.add(context.workspace().root());
                return ToolResult.success(context.workspace().root().toString());
            }
        };
        ScriptedChatModel child = ScriptedChatModel.script().toolCalls(ToolCall.of("w", "where", "{}"))
                .answer("here").build();
        ScriptedChatModel parent = ScriptedChatModel.script().toolCalls(task("c1", "helper", "Where?"))
                .answer("ok").build();
        SubAgentProfile helper = SubAgentProfile.of("helper", "Does small jobs.", "You help.", List.of(where))
                .withModel(child);

        Agent.builder().model(parent).subAgents(helper)
                .workspace(io.agentloop.core.workspace.SandboxWorkspace.of(folder)).build().run("Go.");

        assertThat(seen).containsExactly(folder);
    }

    @Test
    void theParentsRunTimeoutStopsItsSubAgents() throws Exception {
        ScriptedChatModel child = ScriptedChatModel.script().hang().build();
        ScriptedChatModel parent = ScriptedChatModel.script().toolCalls(task("c1", "helper", "slow")).answer("never")
                .build();
        java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
        List<TerminalReason> subReasons = new CopyOnWriteArrayList<>();

        RunResult result = Agent.builder().model(parent).subAgents(helper(child)).listeners(event -> {
            if (event instanceof AgentEvent.SubAgent sub && sub.event() instanceof AgentEvent.RunCompleted done) {
                subReasons.add(done.result().reason().orElseThrow());
                ended.countDown();
            }
        }).options(io.agentloop.api.run.RunOptions.builder().runTimeout(java.time.Duration.ofMillis(300)).build())
                .build().run("Go.");

        assertThat(result.reason()).contains(TerminalReason.TIMEOUT);
        assertThat(ended.await(20, TimeUnit.SECONDS)).as("the sub-agent's run ended").isTrue();
        assertThat(subReasons).containsExactly(TerminalReason.CANCELLED);
    }

    @Test
    void subAgentsAskedForInOneTurnRunInParallel() throws Exception {
        CyclicBarrier bothRunning = new CyclicBarrier(2);
        ScriptedChatModel child = ScriptedChatModel.dynamic(request -> {
            try {
                bothRunning.await(20, TimeUnit.SECONDS); // only returns if the other sub-agent runs too
            } catch (Exception e) {
                throw new IllegalStateException("the sub-agents did not run at the same time", e);
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, "done");
        });
        ScriptedChatModel parent = ScriptedChatModel.script()
                .toolCalls(task("c1", "helper", "one"), task("c2", "helper", "two")).answer("both done").build();

        RunResult result = Agent.builder().model(parent).subAgents(helper(child)).build().run("Two jobs.");

        assertThat(result.toolCalls()).extracting(r -> r.result().content()).containsExactly("done", "done");
    }

    @Test
    void aFailingSubAgentIsAToolErrorAndTheParentGoesOn() {
        ScriptedChatModel child = ScriptedChatModel.script()
                .fail(new NonRetryableModelException("helper model: HTTP 400: bad request")).build();
        ScriptedChatModel parent = ScriptedChatModel.script().toolCalls(task("c1", "helper", "x"))
                .answer("I will do it myself.").build();

        RunResult result = Agent.builder().model(parent).subAgents(helper(child)).build().run("Go.");

        assertThat(result.success()).isTrue();
        assertThat(result.toolCalls().getFirst().result()).isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(SubAgentRunner.FAILED);
            assertThat(f.message()).startsWith("sub-agent 'helper' failed: ").contains("HTTP 400: bad request");
        });
    }

    @Test
    void beyondTheDepthLimitTheModelIsToldToDoItItself() {
        ScriptedChatModel child = ScriptedChatModel.script().toolCalls(task("n1", "helper", "deeper"))
                .answer("did it myself").build();
        ScriptedChatModel parent = ScriptedChatModel.script().toolCalls(task("c1", "helper", "x")).answer("ok").build();
        RecordingListener listener = new RecordingListener();

        Agent.builder().model(parent).subAgents(helper(child)).subAgentLimits(1, 4).listeners(listener).build()
                .run("Go.");

        List<ToolResult> nested = listener.ofType(AgentEvent.SubAgent.class).stream().map(AgentEvent.SubAgent::event)
                .filter(AgentEvent.ToolCallCompleted.class::isInstance)
                .map(e -> ((AgentEvent.ToolCallCompleted) e).result()).toList();
        assertThat(nested).singleElement().isInstanceOfSatisfying(ToolResult.Failure.class, f -> {
            assertThat(f.code()).isEqualTo(SubAgentRunner.LIMIT);
            assertThat(f.message()).isEqualTo("sub-agents may not start sub-agents more than 1 level(s) deep: do this "
                    + "task yourself");
        });
    }

    @Test
    void pastTheFanOutLimitTheModelIsToldToWait() {
        java.util.concurrent.CountDownLatch refused = new java.util.concurrent.CountDownLatch(2);
        // The sub-agent that got in answers only once the other two calls were refused: they overlap.
        ScriptedChatModel child = ScriptedChatModel.dynamic(request -> {
            try {
                assertThat(refused.await(20, TimeUnit.SECONDS)).as("the other calls were refused").isTrue();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return ScriptedChatModel.Step.answer(Usage.ZERO, "ok");
        });
        ScriptedChatModel parent = ScriptedChatModel.script()
                .toolCalls(task("c1", "helper", "one"), task("c2", "helper", "two"), task("c3", "helper", "three"))
                .answer("ok").build();
        io.agentloop.api.event.AgentListener countRefusals = event -> {
            if (event instanceof AgentEvent.ToolError error && error.code().equals(SubAgentRunner.LIMIT)) {
                refused.countDown();
            }
        };

        RunResult result = Agent.builder().model(parent).subAgents(helper(child)).subAgentLimits(2, 1)
                .listeners(countRefusals).build().run("Three jobs.");

        assertThat(result.toolCalls()).filteredOn(r -> !r.result().isError()).hasSize(1);
        assertThat(result.toolCalls()).filteredOn(r -> r.result().isError()).hasSize(2).allSatisfy(r ->
                assertThat(((ToolResult.Failure) r.result()).message()).isEqualTo("at most 1 sub-agents run at once "
                        + "for one run: wait for their answers, then hand out the rest"));
    }

    @Test
    void theParentsToolTimeoutStopsASubAgentThatTakesTooLong() throws Exception {
        ScriptedChatModel child = ScriptedChatModel.script().hang().build();
        ScriptedChatModel parent = ScriptedChatModel.script().toolCalls(task("c1", "helper", "slow")).answer("gave up")
                .build();

        java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);

        RunResult result = Agent.builder().model(parent).subAgents(helper(child)).listeners(endOfSubRuns(ended))
                .options(io.agentloop.api.run.RunOptions.builder().toolTimeout(java.time.Duration.ofMillis(300))
                        .build()).build().run("Go.");

        assertThat(result.toolCalls()).singleElement().satisfies(call -> assertThat(call.result())
                .isInstanceOfSatisfying(ToolResult.Failure.class, f -> assertThat(f.code())
                        .isEqualTo(ToolResult.Failure.TIMEOUT)));
        assertThat(result.text()).isEqualTo("gave up");
        assertThat(child.awaitHanging(1, TimeUnit.SECONDS)).as("the sub-agent's call was reached").isTrue();
        assertThat(ended.await(20, TimeUnit.SECONDS)).as("the sub-agent's run ended, nothing of it left running")
                .isTrue();
    }

    @Test
    void cancellingTheParentStopsEveryDescendantAndEachRunEndsReachingTheTop() throws Exception {
        ScriptedChatModel helperModel = ScriptedChatModel.script().toolCalls(task("h1", "worker", "three"))
                .answer("never").build();
        ScriptedChatModel workerModel = ScriptedChatModel.script().hang().hang().build();
        ScriptedChatModel parent = ScriptedChatModel.script()
                .toolCalls(task("c1", "helper", "one"), task("c2", "worker", "two")).answer("never").build();
        SubAgentProfile worker = SubAgentProfile.of("worker", "Works.", "You work.", List.of()).withModel(workerModel);
        java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(3);
        List<String> endedAgents = new CopyOnWriteArrayList<>();
        Agent agent = Agent.builder().model(parent).subAgents(helper(helperModel), worker)
                .listeners(event -> {
                    List<String> path = new java.util.ArrayList<>();
                    AgentEvent inner = event;
                    while (inner instanceof AgentEvent.SubAgent sub) {
                        path.add(sub.agent());
                        inner = sub.event();
                    }
                    if (!path.isEmpty() && inner instanceof AgentEvent.RunCompleted completed) {
                        endedAgents.add(String.join("/", path) + " " + completed.result().reason().orElseThrow());
                        ended.countDown();
                    }
                }).build();

        RunHandle handle = agent.start(List.of(), "Two jobs.");
        assertThat(workerModel.awaitHanging(2, 20, TimeUnit.SECONDS))
                .as("the parent's worker and the helper's worker both wait on their models").isTrue();
        handle.cancel();
        RunResult result = handle.result().get(20, TimeUnit.SECONDS);

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.CANCELLED);
        assertThat(result.toolCalls()).hasSize(2).allSatisfy(r -> assertThat(r.result().isError()).isTrue());
        assertThat(ended.await(20, TimeUnit.SECONDS)).as("every descendant's run ended: " + endedAgents).isTrue();
        assertThat(endedAgents).as("the grandchild's end reaches the top, nested under the helper")
                .containsExactlyInAnyOrder("worker CANCELLED", "helper/worker CANCELLED", "helper CANCELLED");
    }

    @Test
    void aSubAgentRunsUnderItsParentsHooksSaveThoseThatSayTheyAreNotForSubAgents() {
        List<String> guarded = new CopyOnWriteArrayList<>();
        List<String> recorded = new CopyOnWriteArrayList<>();
        io.agentloop.api.hook.PreReasoningHook guard = (request, context) -> {
            guarded.add(context.runId() + " under " + context.parentRunId().orElse("none"));
            return request;
        };
        io.agentloop.api.hook.PreReasoningHook recorder = new io.agentloop.api.hook.PreReasoningHook() {
            @Override
            public io.agentloop.api.model.ChatRequest beforeReasoning(io.agentloop.api.model.ChatRequest request,
                                                                      io.agentloop.api.hook.HookContext context) {
                recorded.add(context.runId());
                return request;
            }

            @Override
            public boolean appliesToSubAgents() {
                return false;
            }
        };
        ScriptedChatModel child = ScriptedChatModel.script().answer("42").build();
        ScriptedChatModel parent = ScriptedChatModel.script().toolCalls(task("c1", "helper", "x")).answer("ok").build();
        RecordingListener listener = new RecordingListener();

        RunResult result = Agent.builder().model(parent).subAgents(helper(child)).hooks(guard, recorder)
                .listeners(listener).build().run("Go.");

        String subRun = listener.ofType(AgentEvent.SubAgent.class).getFirst().runId();
        assertThat(guarded).containsExactly(result.runId() + " under none", subRun + " under " + result.runId(),
                result.runId() + " under none");
        assertThat(recorded).containsExactly(result.runId(), result.runId());
    }

    /** Counts down when a sub-agent's run has ended (its last event reached the parent). */
    private static io.agentloop.api.event.AgentListener endOfSubRuns(java.util.concurrent.CountDownLatch ended) {
        return event -> {
            if (event instanceof AgentEvent.SubAgent sub && sub.event() instanceof AgentEvent.RunCompleted) {
                ended.countDown();
            }
        };
    }
}
