package io.agentloop.core;

import io.agentloop.api.run.DecisionKind;
import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AgentLoopScenariosTest {
    private final Scenario scenario = new Scenario();

    private static final List<String> ONE_CALL_ANSWERED = List.of(
            "INIT>PLANNING", "PLANNING>EXECUTING",
            "IDLE>CALLING", "CALLING>STREAMING", "STREAMING>SUCCESS",
            "EXECUTING>OBSERVING", "OBSERVING>COMPLETED");

    @Test
    void answersInOneCall() {
        ScriptedChatModel model = ScriptedChatModel.script().usage(Usage.of(12, 5)).answer("Hello", ", world").build();

        RunResult result = scenario.agent(model).systemPrompt("Be brief.").build().run("Say hello");

        assertThat(scenario.events.transitions()).containsExactlyElementsOf(ONE_CALL_ANSWERED);
        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.success()).isTrue();
        assertThat(result.text()).isEqualTo("Hello, world");
        assertThat(result.iterations()).isEqualTo(1);
        assertThat(result.usage()).isEqualTo(Usage.of(12, 5));
        assertThat(result.messages()).hasSize(3);
        assertThat(result.messages().get(0)).isEqualTo(new SystemMessage("Be brief."));
        assertThat(result.messages().get(1)).isEqualTo(UserMessage.of("Say hello"));
        assertThat(scenario.events.text()).isEqualTo("Hello, world");
        List<AgentEvent> all = scenario.events.events();
        assertThat(all.get(0)).isInstanceOf(AgentEvent.RunStarted.class);
        assertThat(all.get(all.size() - 1)).isInstanceOf(AgentEvent.RunCompleted.class);
    }

    @Test
    void callsAToolThenAnswers() {
        FakeTool echo = FakeTool.named("echo").readOnly().stringParameter("text", true)
                .returning(args -> "echo: " + args.requireString("text"));
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("call_1", "echo", "{\"text\":\"hi\"}"))
                .answer("The tool said hi.")
                .build();

        RunResult result = scenario.agent(model).tools(echo).build().run("Use echo");

        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING",
                "STREAMING>TOOL_EXECUTING", "TOOL_EXECUTING>SUCCESS", "EXECUTING>OBSERVING", "OBSERVING>PLANNING",
                "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING", "STREAMING>SUCCESS", "EXECUTING>OBSERVING",
                "OBSERVING>COMPLETED");
        assertThat(scenario.events.transitions())
                .containsExactlyElementsOf(Scenario.expect().toolIteration().answer().steps());
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("The tool said hi.");
        assertThat(result.toolCalls()).singleElement().satisfies(record -> {
            assertThat(record.call().id()).isEqualTo("call_1");
            assertThat(record.result()).isEqualTo(ToolResult.success("echo: hi"));
            assertThat(record.iteration()).isEqualTo(1);
        });
        // The second model call saw the tool's result right after the call.
        List<Message> second = model.requests().get(1).messages();
        assertThat(second.get(second.size() - 1)).isEqualTo(
                new ToolMessage(List.of(new ToolResultBlock("call_1", "echo", "echo: hi", false))));
        assertThat(scenario.events.ofType(AgentEvent.Decision.class)).extracting(AgentEvent.Decision::kind)
                .containsExactly(DecisionKind.CONTINUE, DecisionKind.STOP);
    }

    @Test
    void parallelCallsFinishingInReverseOrderKeepCallOrderAndIds() {
        // c finishes first; b waits until c's completion was published, a until b's was. Only
        // parallel execution can finish this way (run in order, a would wait for b forever).
        CountDownLatch bCompleted = new CountDownLatch(1);
        CountDownLatch cCompleted = new CountDownLatch(1);
        FakeTool a = FakeTool.named("a").readOnly().behaving((args, ctx) -> {
            boolean released = bCompleted.await(10, TimeUnit.SECONDS);
            return ToolResult.success(released ? "A" : "A without waiting for b");
        });
        FakeTool b = FakeTool.named("b").readOnly().behaving((args, ctx) -> {
            boolean released = cCompleted.await(10, TimeUnit.SECONDS);
            return ToolResult.success(released ? "B" : "B without waiting for c");
        });
        FakeTool c = FakeTool.named("c").readOnly().returning("C");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("id_a", "a", "{}"), ToolCall.of("id_b", "b", "{}"), ToolCall.of("id_c", "c", "{}"))
                .answer("done")
                .build();
        io.agentloop.api.event.AgentListener release = event -> {
            if (event instanceof AgentEvent.ToolCallCompleted done) {
                switch (done.id()) {
                    case "id_c" -> cCompleted.countDown();
                    case "id_b" -> bCompleted.countDown();
                    default -> { }
                }
            }
        };

        RunResult result = scenario.agent(model).tools(a, b, c).listeners(release).build().run("Run all three");

        assertThat(scenario.events.ofType(AgentEvent.ToolCallCompleted.class))
                .extracting(AgentEvent.ToolCallCompleted::id).containsExactly("id_c", "id_b", "id_a");
        ToolMessage results = (ToolMessage) result.messages().get(2);
        assertThat(results.results()).containsExactly(
                new ToolResultBlock("id_a", "a", "A", false),
                new ToolResultBlock("id_b", "b", "B", false),
                new ToolResultBlock("id_c", "c", "C", false));
        assertThat(result.toolCalls()).extracting(r -> r.call().id()).containsExactly("id_a", "id_b", "id_c");
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(scenario.events.transitions())
                .containsExactlyElementsOf(Scenario.expect().toolIteration().answer().steps());
    }

    @Test
    void sequentialModeRunsCallsOneAtATimeInCallOrder() {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        List<FakeTool> tools = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            tools.add(FakeTool.named(name).readOnly().behaving((args, ctx) -> {
                log.add(name + ".start");
                Thread.yield();
                log.add(name + ".end");
                return ToolResult.success(name);
            }));
        }
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "a", "{}"), ToolCall.of("2", "b", "{}"), ToolCall.of("3", "c", "{}"))
                .answer("done")
                .build();

        RunResult result = scenario.agent(model).tools(tools)
                .options(RunOptions.DEFAULTS.withParallelToolCalls(false)).build().run("Run all three");

        assertThat(log).containsExactly("a.start", "a.end", "b.start", "b.end", "c.start", "c.end");
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(scenario.events.transitions())
                .containsExactlyElementsOf(Scenario.expect().toolIteration().answer().steps());
    }

    @Test
    void toolsThatAreNotConcurrencySafeRunOneAtATimeEvenInParallelMode() {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        FakeTool writer = FakeTool.named("write").stringParameter("n", true).behaving((args, ctx) -> {
            log.add("write.start:" + args.requireString("n"));
            log.add("write.end:" + args.requireString("n"));
            return ToolResult.success("ok");
        });
        FakeTool reader = FakeTool.named("read").readOnly().behaving((args, ctx) -> {
            log.add("read");
            return ToolResult.success("text");
        });
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "write", "{\"n\":\"1\"}"), ToolCall.of("2", "write", "{\"n\":\"2\"}"),
                        ToolCall.of("3", "read", "{}"))
                .answer("done")
                .build();

        scenario.agent(model).tools(writer, reader).permissions(PermissionPolicy.of(List.of("write"), List.of(), List.of()))
                .build().run("Write twice then read");

        assertThat(log).containsExactly("write.start:1", "write.end:1", "write.start:2", "write.end:2", "read");
        // Each call of a tool that changes things starts only after the previous call completed.
        List<String> toolEvents = new ArrayList<>();
        for (AgentEvent event : scenario.events.events()) {
            if (event instanceof AgentEvent.ToolCallStarted s) {
                toolEvents.add("start:" + s.id());
            } else if (event instanceof AgentEvent.ToolCallCompleted c) {
                toolEvents.add("end:" + c.id());
            }
        }
        assertThat(toolEvents).containsExactly("start:1", "end:1", "start:2", "end:2", "start:3", "end:3");
    }

    @Test
    void maxIterationsEndsAfterAFinalSummaryWithoutTools() {
        FakeTool look = FakeTool.named("look").readOnly().stringParameter("where", false).returning("nothing");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "look", "{\"where\":\"left\"}"))
                .toolCalls(ToolCall.of("2", "look", "{\"where\":\"right\"}"))
                .answer("Summary: looked left and right, found nothing.")
                .build();

        RunResult result = scenario.agent(model).tools(look).options(RunOptions.DEFAULTS.withMaxIterations(2))
                .build().run("Find it");

        assertThat(scenario.events.transitions()).containsExactlyElementsOf(Scenario.expect()
                .toolIteration().toolIteration()
                .then("PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING", "STREAMING>SUCCESS", "EXECUTING>OBSERVING",
                        "OBSERVING>COMPLETED").steps());
        assertThat(result.reason()).contains(TerminalReason.MAX_ITERATIONS);
        assertThat(result.iterations()).isEqualTo(2);
        assertThat(result.text()).isEqualTo("Summary: looked left and right, found nothing.");
        var summaryRequest = model.requests().get(2);
        assertThat(summaryRequest.options().toolChoice()).isEqualTo(ToolChoice.NONE);
        assertThat(summaryRequest.messages().get(summaryRequest.messages().size() - 1).text())
                .contains("limit of steps");
        // The instruction was for the model only; the conversation ends with the summary.
        assertThat(result.messages().get(result.messages().size() - 1))
                .isInstanceOf(AssistantMessage.class);
    }

    @Test
    void maxIterationsWithoutSummaryMakesNoExtraCall() {
        FakeTool look = FakeTool.named("look").readOnly().returning("nothing");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("1", "look", "{}"))
                .toolCalls(ToolCall.of("2", "look", "{}"))
                .build();

        RunResult result = scenario.agent(model).tools(look)
                .options(RunOptions.DEFAULTS.withMaxIterations(2).withFinalSummary(false).withStuckThreshold(0))
                .build().run("Find it");

        assertThat(scenario.events.transitions()).containsExactlyElementsOf(
                Scenario.expect().toolIteration().toolIteration().then("PLANNING>COMPLETED").steps());
        assertThat(result.reason()).contains(TerminalReason.MAX_ITERATIONS);
        assertThat(model.calls()).isEqualTo(2);
        assertThat(result.toolCalls()).hasSize(2);
    }

    @Test
    void startRunsOnAVirtualThreadUnlessTheBuilderGivesOtherThreads() throws Exception {
        List<Thread> runThreads = Collections.synchronizedList(new ArrayList<>());
        io.agentloop.api.event.AgentListener recordThread = event -> {
            if (event instanceof AgentEvent.RunStarted) {
                runThreads.add(Thread.currentThread());
            }
        };
        List<Thread> created = new ArrayList<>();
        java.util.concurrent.ThreadFactory platform = task -> {
            Thread thread = Thread.ofPlatform().unstarted(task);
            created.add(thread);
            return thread;
        };

        RunHandle byDefault = scenario.agent(ScriptedChatModel.script().answer("one").build())
                .listeners(recordThread).build().start(List.of(), "first");
        assertThat(byDefault.result().get(10, TimeUnit.SECONDS).success()).isTrue();
        RunHandle onPlatform = scenario.agent(ScriptedChatModel.script().answer("two").build())
                .listeners(recordThread).runThreads(platform).build().start(List.of(), "second");
        assertThat(onPlatform.result().get(10, TimeUnit.SECONDS).success()).isTrue();

        assertThat(runThreads).hasSize(2);
        assertThat(runThreads.get(0).isVirtual()).isTrue();
        assertThat(runThreads.get(1)).isSameAs(created.get(0));
        assertThat(runThreads.get(1).isVirtual()).isFalse();
        assertThat(runThreads.get(1).getName()).isEqualTo("agentloop-" + onPlatform.runId());
    }

    @Test
    void cancellingDuringStreamingEndsCancelledWithTheMessagesSoFar() throws Exception {
        ScriptedChatModel model = ScriptedChatModel.script().hang(new StreamEvent.TextDelta("Partial ans")).build();

        RunHandle handle = scenario.agent(model).build().start(List.of(), "Tell me a long story");
        assertThat(model.awaitHanging(10, TimeUnit.SECONDS)).isTrue();
        handle.cancel();
        RunResult result = handle.result().get(10, TimeUnit.SECONDS);

        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING", "STREAMING>ERROR",
                "EXECUTING>OBSERVING", "OBSERVING>COMPLETED");
        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.CANCELLED);
        assertThat(result.messages()).hasSize(2);
        assertThat(result.messages().get(0)).isEqualTo(UserMessage.of("Tell me a long story"));
        AssistantMessage partial = (AssistantMessage) result.messages().get(1);
        assertThat(partial.text()).isEqualTo("Partial ans");
        assertThat(partial.stopReason()).isEqualTo(StopReason.OTHER);
    }

    @Test
    void cancellingDuringARunningToolStopsTheToolAndKeepsTheCall() throws Exception {
        FakeTool slow = FakeTool.named("slow").blockingUntilCancelled();
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("call_9", "slow", "{}")).build();

        RunHandle handle = scenario.agent(model).tools(slow)
                .permissions(PermissionPolicy.of(List.of("slow"), List.of(), List.of())).build()
                .start(List.of(), "Do the slow thing");
        assertThat(slow.awaitStarted(Duration.ofSeconds(10))).isTrue();
        handle.cancel();
        RunResult result = handle.result().get(10, TimeUnit.SECONDS);

        assertThat(slow.sawCancellation()).isTrue();
        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING",
                "STREAMING>TOOL_EXECUTING", "TOOL_EXECUTING>SUCCESS", "EXECUTING>OBSERVING", "OBSERVING>COMPLETED");
        assertThat(result.reason()).contains(TerminalReason.CANCELLED);
        assertThat(result.messages()).hasSize(3);
        ToolMessage results = (ToolMessage) result.messages().get(2);
        assertThat(results.results()).singleElement().satisfies(block -> {
            assertThat(block.toolCallId()).isEqualTo("call_9");
            assertThat(block.error()).isTrue();
            assertThat(block.content()).startsWith("Error (cancelled)");
        });
    }

    private static io.agentloop.api.run.DecisionPolicy policy(String name, java.util.function.Function<
            io.agentloop.api.run.DecisionPolicy.Observation, io.agentloop.api.run.DecisionPolicy.Decision> decide) {
        return new io.agentloop.api.run.DecisionPolicy() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Decision decide(Observation observation) {
                return decide.apply(observation);
            }
        };
    }

    @Test
    void aDecisionPolicyDecidesWhatFollowsATurn() {
        FakeTool search = FakeTool.named("search").readOnly().returning("FOUND: the key is under the mat");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(io.agentloop.api.message.ToolCall.of("c1", "search", "{}"))
                .answer("never asked").build();
        io.agentloop.api.run.DecisionPolicy untilFound = policy("until-found", observation -> {
            boolean found = observation.messages().getLast() instanceof ToolMessage results
                    && results.results().stream().anyMatch(r -> r.content().startsWith("FOUND"));
            return found ? io.agentloop.api.run.DecisionPolicy.Decision.stop(TerminalReason.ANSWERED, "a tool found it")
                    : io.agentloop.core.loop.StandardDecisionPolicy.INSTANCE.decide(observation);
        });

        RunResult result = scenario.agent(model).tools(search).decisionPolicy(untilFound).build().run("Find the key");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(model.calls()).as("the model is not asked again").isEqualTo(1);
        assertThat(scenario.events.ofType(io.agentloop.api.event.AgentEvent.Decision.class)).singleElement()
                .satisfies(d -> assertThat(d.reason()).isEqualTo("a tool found it"));
    }

    @Test
    void aDecisionPolicyCanHaveTheConversationCompactedBeforeTheNextTurn() {
        FakeTool search = FakeTool.named("search").readOnly().returning("a long page of results");
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(io.agentloop.api.message.ToolCall.of("c1", "search", "{}")).answer("done").build();
        io.agentloop.api.run.DecisionPolicy compactAfterTools = policy("compact-after-tools", observation ->
                observation.calledTools() ? io.agentloop.api.run.DecisionPolicy.Decision.compact("tool results are long")
                        : io.agentloop.core.loop.StandardDecisionPolicy.INSTANCE.decide(observation));

        RunResult result = scenario.agent(model).tools(search).decisionPolicy(compactAfterTools).build()
                .run("Search it");

        assertThat(result.success()).isTrue();
        assertThat(model.calls()).isEqualTo(2);
        List<String> transitions = scenario.events.ofType(io.agentloop.api.event.AgentEvent.StateChanged.class)
                .stream().map(e -> e.from() + ">" + e.to()).toList();
        assertThat(transitions).containsSubsequence("OBSERVING>COMPACTING", "COMPACTING>PLANNING");
        assertThat(scenario.events.ofType(io.agentloop.api.event.AgentEvent.Compacted.class)).hasSize(1);
        assertThat(scenario.events.ofType(io.agentloop.api.event.AgentEvent.Decision.class)).first()
                .satisfies(d -> assertThat(d.reason()).isEqualTo("tool results are long"));
    }

    @Test
    void iterationTimeoutEndsTheRunTimedOut() throws Exception {
        ScriptedChatModel model = ScriptedChatModel.script().hang().build();

        RunHandle handle = scenario.agent(model).build().start(List.of(), "Think forever");
        assertThat(model.awaitHanging(10, TimeUnit.SECONDS)).isTrue();
        scenario.time.advance(Duration.ofSeconds(29));
        assertThat(handle.result()).isNotDone();
        scenario.time.advance(Duration.ofSeconds(1));
        RunResult result = handle.result().get(10, TimeUnit.SECONDS);

        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING", "STREAMING>ERROR",
                "EXECUTING>OBSERVING", "OBSERVING>COMPLETED");
        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.TIMEOUT);
    }

    @Test
    void runTimeoutEndsTheRunTimedOut() throws Exception {
        ScriptedChatModel model = ScriptedChatModel.script().hang().build();

        RunHandle handle = scenario.agent(model).options(RunOptions.DEFAULTS.withRunTimeout(Duration.ofSeconds(5)))
                .build().start(List.of(), "Think forever");
        assertThat(model.awaitHanging(10, TimeUnit.SECONDS)).isTrue();
        scenario.time.advance(Duration.ofSeconds(5));

        assertThat(handle.result().get(10, TimeUnit.SECONDS).reason()).contains(TerminalReason.TIMEOUT);
    }

    @Test
    void historyComesInAndTheWholeConversationComesBack() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("Paris.").build();
        List<Message> history = List.of(new SystemMessage("Answer in one word."), UserMessage.of("Capital of Italy?"),
                AssistantMessage.of("Rome."));

        RunResult result = scenario.agent(model).systemPrompt("ignored: the history has its own").build()
                .run(history, "And of France?");

        assertThat(model.requests().get(0).messages()).containsExactly(history.get(0), history.get(1), history.get(2),
                UserMessage.of("And of France?"));
        assertThat(result.messages()).hasSize(5).startsWith(history.toArray(Message[]::new));
        assertThat(result.text()).isEqualTo("Paris.");
        assertThat(scenario.events.transitions()).containsExactlyElementsOf(ONE_CALL_ANSWERED);
    }
}
