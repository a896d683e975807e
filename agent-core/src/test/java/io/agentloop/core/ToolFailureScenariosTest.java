package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ToolFailureScenariosTest {
    private final Scenario scenario = new Scenario();

    private final FakeTool read = FakeTool.named("read").readOnly().stringParameter("path", true)
            .integerParameter("limit", false).returning(args -> "contents of " + args.requireString("path"));
    private final FakeTool broken = FakeTool.named("broken").readOnly()
            .throwing(new IOException("disk on fire"));

    @Test
    void modelMistakesAndToolFailuresBecomeErrorResultsAndTheLoopContinues() throws Exception {
        FakeTool slow = FakeTool.named("slow").readOnly().blockingUntilCancelled();
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(
                        ToolCall.of("c1", "nope", "{}"),
                        ToolCall.of("c2", "read", "{\"path\": \"a.txt\""),
                        ToolCall.of("c3", "read", "{\"path\": 42}"),
                        ToolCall.of("c4", "broken", "{}"),
                        ToolCall.of("c5", "slow", "{}"),
                        ToolCall.of("c6", "read", "{\"path\": \"b.txt\", \"limit\": 3}"))
                .answer("Some tools failed, but b.txt was read.")
                .build();

        CountDownLatch othersDone = new CountDownLatch(5);
        RunHandle handle = scenario.agent(model).tools(read, broken, slow).listeners(event -> {
            if (event instanceof AgentEvent.ToolCallCompleted) {
                othersDone.countDown();
            }
        }).build().start(List.of(), "Go");
        assertThat(slow.awaitStarted(Duration.ofSeconds(10))).isTrue();
        assertThat(othersDone.await(10, TimeUnit.SECONDS)).isTrue();
        scenario.time.advance(RunOptions.DEFAULTS.toolTimeout());
        RunResult result = handle.result().get(10, TimeUnit.SECONDS);

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(scenario.events.transitions())
                .containsExactlyElementsOf(Scenario.expect().toolIteration().answer().steps());
        assertThat(slow.sawCancellation()).isTrue();
        List<Message> sent = model.requests().get(1).messages();
        List<ToolResultBlock> results = ((ToolMessage) sent.get(sent.size() - 1)).results();
        assertThat(results).extracting(ToolResultBlock::toolCallId).containsExactly("c1", "c2", "c3", "c4", "c5", "c6");
        assertThat(results).extracting(ToolResultBlock::error).containsExactly(true, true, true, true, true, false);
        assertThat(results.get(0).content()).startsWith("Error (unknown_tool)").contains("'nope'")
                .contains("Available tools: read, broken, slow");
        assertThat(results.get(1).content()).startsWith("Error (invalid_arguments)").contains("not valid JSON");
        assertThat(results.get(2).content()).startsWith("Error (invalid_arguments)")
                .contains("do not match").contains("path");
        assertThat(results.get(3).content()).isEqualTo(
                "Error (execution_failed): tool 'broken' failed: IOException: disk on fire");
        assertThat(results.get(4).content()).startsWith("Error (timeout)").contains("20000 ms");
        assertThat(results.get(5).content()).isEqualTo("contents of b.txt");
        assertThat(read.calls()).hasSize(1);
        assertThat(scenario.events.ofType(AgentEvent.ToolError.class)).extracting(AgentEvent.ToolError::code)
                .containsExactlyInAnyOrder("unknown_tool", "invalid_arguments", "invalid_arguments",
                        "execution_failed", "timeout");
    }

    @Test
    void withContinueOnErrorOffAFailingToolFailsTheRun() {
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "broken", "{}")).build();

        RunResult result = scenario.agent(model).tools(broken)
                .options(RunOptions.DEFAULTS.withContinueOnError(false)).build().run("Go");

        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).get().extracting(Throwable::getMessage).asString()
                .contains("tool 'broken'").contains("continueOnError is off").contains("disk on fire");
        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING",
                "STREAMING>TOOL_EXECUTING", "TOOL_EXECUTING>SUCCESS", "EXECUTING>OBSERVING", "OBSERVING>FAILED");
        // The call and its result are kept even though the run failed.
        assertThat(result.messages()).hasSize(3);
    }

    @Test
    void repeatingTheSameCallIsReportedThenStopsTheRunAsStuck() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "read", "{\"path\":\"a.txt\"}"))
                .toolCalls(ToolCall.of("c2", "read", " {\"path\":\"a.txt\"} "))
                .toolCalls(ToolCall.of("c3", "read", "{\"path\":\"a.txt\"}"))
                .build();

        RunResult result = scenario.agent(model).tools(read).build().run("Read a.txt");

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.reason()).contains(TerminalReason.STUCK);
        assertThat(read.calls()).hasSize(1);
        assertThat(result.toolCalls()).extracting(r -> r.result().isError()).containsExactly(false, true, true);
        ToolResult warning = result.toolCalls().get(1).result();
        assertThat(warning.content()).startsWith("Error (repeated_call)").contains("in 2 turns in a row")
                .contains("one more identical call ends the run");
        assertThat(scenario.events.transitions()).containsExactlyElementsOf(
                Scenario.expect().toolIteration().toolIteration().lastToolIteration().steps());
        assertThat(scenario.events.ofType(AgentEvent.Decision.class).getLast().reason()).startsWith("stuck");
    }

    @Test
    void differentArgumentsAreNotARepeat() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "read", "{\"path\":\"a.txt\"}"))
                .toolCalls(ToolCall.of("c2", "read", "{\"path\":\"b.txt\"}"))
                .toolCalls(ToolCall.of("c3", "read", "{\"path\":\"a.txt\"}"))
                .answer("done")
                .build();

        RunResult result = scenario.agent(model).tools(read).build().run("Read files");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        // the third read is the first one again with nothing changed in between: answered from the cache
        assertThat(read.calls()).hasSize(2);
        assertThat(result.toolCalls()).extracting(r -> r.result().isError()).containsExactly(false, false, false);
        assertThat(result.toolCalls().get(2).result().content()).startsWith("[cached: the same as the result of call c1");
        assertThat(scenario.events.transitions()).containsExactlyElementsOf(
                Scenario.expect().toolIteration().toolIteration().toolIteration().answer().steps());
    }

    @Test
    void identicalCallsWithinOneTurnAreABatchNotARepeat() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "read", "{\"path\":\"a.txt\"}"), ToolCall.of("c2", "read", "{\"path\":\"a.txt\"}"),
                        ToolCall.of("c3", "read", "{\"path\":\"a.txt\"}"))
                .answer("done")
                .build();

        // caching off: whether a call of the batch found another's result kept would depend on timing
        RunResult result = scenario.agent(model).tools(read)
                .options(RunOptions.builder().cacheToolResults(false).build()).build().run("Read a.txt three times");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(read.calls()).hasSize(3);
        assertThat(result.toolCalls()).extracting(r -> r.result().isError()).containsExactly(false, false, false);
    }

    @Test
    void aToolThatIgnoresBeingStoppedIsSettledWithoutItAndReportedAsAbandoned() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean release = new java.util.concurrent.atomic.AtomicBoolean();
        FakeTool spinning = FakeTool.named("spin").readOnly().behaving((arguments, context) -> {
            while (!release.get()) {
                Thread.onSpinWait(); // ignores interrupts and cancellation alike
            }
            return ToolResult.success("finally");
        });
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "spin", "{}"))
                .answer("It hung.").build();
        List<AgentEvent.ToolError> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        try {
            RunHandle handle = scenario.agent(model).tools(spinning).listeners(event -> {
                if (event instanceof AgentEvent.ToolError error) {
                    errors.add(error);
                }
            }).build().start(List.of(), "Go");
            assertThat(spinning.awaitStarted(Duration.ofSeconds(10))).isTrue();
            scenario.time.advance(RunOptions.DEFAULTS.toolTimeout());
            scenario.time.advance(Duration.ofSeconds(2));
            RunResult result = handle.result().get(10, TimeUnit.SECONDS);

            assertThat(result.reason()).contains(TerminalReason.ANSWERED);
            assertThat(result.toolCalls().get(0).result().content()).startsWith("Error (timeout)")
                    .contains("tool 'spin' did not return (stuck at ")
                    .endsWith("within 2 s of being stopped; its thread was left behind and may still be running");
            assertThat(errors).extracting(AgentEvent.ToolError::code).containsExactly(AgentEvent.ToolError.ABANDONED,
                    "timeout");
        } finally {
            release.set(true);
        }
    }

    @Test
    void theTimeAPersonTakesToApproveNeverCountsAgainstTheIterationOrRunTimeout() throws Exception {
        FakeTool deploy = FakeTool.named("deploy").returning("deployed");
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("c1", "deploy", "{}"))
                .answer("Deployed.").build();
        io.agentloop.api.permission.Approver slowPerson = request -> {
            // A minute of thought: twice the iteration timeout, more than the run's.
            scenario.time.advance(Duration.ofSeconds(60));
            return io.agentloop.api.permission.Approval.ALLOW_ONCE;
        };

        RunResult result = scenario.agent(model).tools(deploy).approver(slowPerson)
                .options(RunOptions.DEFAULTS.withRunTimeout(Duration.ofSeconds(45))).build().start(List.of(), "Ship")
                .result().get(10, TimeUnit.SECONDS);

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(deploy.calls()).hasSize(1);
    }
}
