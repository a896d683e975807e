package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.hook.HookException;
import io.agentloop.api.hook.PostActingHook;
import io.agentloop.api.hook.PostReasoningHook;
import io.agentloop.api.hook.PreActingHook;
import io.agentloop.api.hook.PrePrintHook;
import io.agentloop.api.hook.PreReasoningHook;
import io.agentloop.api.hook.ReasoningInterceptor;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.RecordingHook;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class HookScenariosTest {
    private final Scenario scenario = new Scenario();
    private final FakeTool read = FakeTool.named("read").readOnly().stringParameter("path", true)
            .returning(args -> "contents of " + args.requireString("path"));

    private ScriptedChatModel readThenAnswer() {
        return ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "read", "{\"path\":\"a.txt\"}"))
                .answer("The answer is 42.")
                .build();
    }

    @Test
    void lowerOrderRunsOuterItsBeforeFirstAndItsAfterLast() {
        List<String> log = RecordingHook.newLog();
        // Registered out of order on purpose: order(), not registration, decides.
        Agent agent = scenario.agent(readThenAnswer()).tools(read).hooks(
                new RecordingHook("middle", 0, log),
                new RecordingHook("inner", 10, log),
                new RecordingHook("outer", -10, log)).build();

        agent.run("Read a.txt");

        assertThat(log).containsExactly(
                "outer.beforeReply", "middle.beforeReply", "inner.beforeReply",
                "outer.beforeReasoning", "middle.beforeReasoning", "inner.beforeReasoning",
                "inner.afterReasoning", "middle.afterReasoning", "outer.afterReasoning",
                "outer.beforeActing:c1", "middle.beforeActing:c1", "inner.beforeActing:c1",
                "inner.afterActing:c1", "middle.afterActing:c1", "outer.afterActing:c1",
                "outer.beforeReasoning", "middle.beforeReasoning", "inner.beforeReasoning",
                "outer.beforePrint", "middle.beforePrint", "inner.beforePrint",
                "inner.afterPrint", "middle.afterPrint", "outer.afterPrint",
                "inner.afterReasoning", "middle.afterReasoning", "outer.afterReasoning",
                "inner.afterReply", "middle.afterReply", "outer.afterReply");
    }

    @Test
    void tiesKeepRegistrationOrder() {
        List<String> log = RecordingHook.newLog();
        Agent agent = scenario.agent(ScriptedChatModel.script().answer("hi").build())
                .hooks(new RecordingHook("first", 0, log), new RecordingHook("second", 0, log)).build();

        agent.run("hi");

        assertThat(log).startsWith("first.beforeReply", "second.beforeReply", "first.beforeReasoning",
                "second.beforeReasoning");
    }

    @Test
    void aPreActingHookRewritesTheArguments() {
        PreActingHook redirect = (call, context) -> call.withArguments("{\"path\":\"b.txt\"}");

        RunResult result = scenario.agent(readThenAnswer()).tools(read).hooks(redirect).build().run("Read a.txt");

        assertThat(read.calls()).singleElement()
                .satisfies(args -> assertThat(args.requireString("path")).isEqualTo("b.txt"));
        assertThat(result.toolCalls().get(0).call().arguments()).isEqualTo("{\"path\":\"b.txt\"}");
        assertThat(result.toolCalls().get(0).result().content()).isEqualTo("contents of b.txt");
    }

    @Test
    void anInterceptorReadsTheArgumentsAsValuesWithoutAJsonLibrary() {
        List<Object> seen = new java.util.ArrayList<>();
        ActingInterceptor inspect = chain -> {
            io.agentloop.api.tool.ToolArguments arguments = chain.context().arguments(chain.call());
            seen.add(arguments.requireString("path"));
            seen.add(arguments.values());
            return chain.proceed(chain.call());
        };
        ScriptedChatModel model = ScriptedChatModel.script()
                .toolCalls(ToolCall.of("c1", "read", "{\"path\":\"a.txt\",\"depth\":2,\"skip\":null}"))
                .answer("done").build();

        scenario.agent(model).tools(FakeTool.named("read").readOnly().returning("x")).hooks(inspect).build()
                .run("Read a.txt");

        assertThat(seen).containsExactly("a.txt", java.util.Map.of("path", "a.txt", "depth", 2L));
    }

    @Test
    void rewrittenArgumentsAreStillValidatedAgainstTheSchema() {
        PreActingHook breaks = (call, context) -> call.withArguments("{\"path\": 7}");

        RunResult result = scenario.agent(readThenAnswer()).tools(read).hooks(breaks).build().run("Read a.txt");

        assertThat(read.calls()).isEmpty();
        assertThat(result.toolCalls().get(0).result().content()).startsWith("Error (invalid_arguments)");
    }

    @Test
    void aPostReasoningHookRewritesTheAnswer() {
        PostReasoningHook polite = (request, response, context) -> response.hasToolCalls() ? response
                : response.withText(response.text() + " Have a nice day.");

        RunResult result = scenario.agent(readThenAnswer()).tools(read).hooks(polite).build().run("Read a.txt");

        assertThat(result.text()).isEqualTo("The answer is 42. Have a nice day.");
        assertThat(result.messages().get(result.messages().size() - 1).text())
                .isEqualTo("The answer is 42. Have a nice day.");
    }

    @Test
    void anActingInterceptorShortCircuitsAToolCall() {
        ActingInterceptor deny = chain -> chain.call().name().equals("read")
                ? ToolResult.failure(ToolResult.Failure.DENIED, "reading is not allowed here")
                : chain.proceed(chain.call());

        RunResult result = scenario.agent(readThenAnswer()).tools(read).hooks(deny).build().run("Read a.txt");

        assertThat(read.calls()).isEmpty();
        assertThat(result.toolCalls().get(0).result())
                .isEqualTo(ToolResult.failure("denied", "reading is not allowed here"));
        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
    }

    @Test
    void aReasoningInterceptorCanAnswerWithoutCallingTheModel() {
        ScriptedChatModel model = ScriptedChatModel.script().build();
        ReasoningInterceptor cache = chain -> AssistantMessage.of("cached answer");

        RunResult result = scenario.agent(model).hooks(cache).build().run("hi");

        assertThat(result.text()).isEqualTo("cached answer");
        assertThat(model.calls()).isZero();
        assertThat(scenario.events.transitions()).as("the interceptor's answer goes the way a model's does")
                .containsSubsequence("IDLE>CALLING", "CALLING>STREAMING", "STREAMING>SUCCESS");
    }

    @Test
    void aHookReturningNullFailsTheRunNamingTheHook() {
        PreReasoningHook broken = new PreReasoningHook() {
            @Override
            public io.agentloop.api.model.ChatRequest beforeReasoning(io.agentloop.api.model.ChatRequest request,
                                                                      io.agentloop.api.hook.HookContext context) {
                return null;
            }

            @Override
            public String name() {
                return "acme/NullHook";
            }
        };

        RunResult result = scenario.agent(readThenAnswer()).tools(read).hooks(broken).build().run("hi");

        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).get().isInstanceOf(HookException.class)
                .satisfies(e -> assertThat(((HookException) e).hookName()).isEqualTo("acme/NullHook"))
                .extracting(Throwable::getMessage).asString().contains("acme/NullHook").contains("returned null");
        assertThat(scenario.events.transitions()).containsSubsequence("IDLE>ERROR", "EXECUTING>FAILED");
    }

    @Test
    void anInterceptorCallingProceedTwiceFailsTheRunNamingIt() {
        ReasoningInterceptor twice = new ReasoningInterceptor() {
            @Override
            public AssistantMessage intercept(Chain chain) {
                chain.proceed(chain.request());
                return chain.proceed(chain.request());
            }

            @Override
            public String name() {
                return "acme/Twice";
            }
        };

        RunResult result = scenario.agent(ScriptedChatModel.script().answer("one").answer("two").build())
                .hooks(twice).build().run("hi");

        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).get().extracting(Throwable::getMessage).asString()
                .isEqualTo("hook acme/Twice called proceed() more than once");
    }

    @Test
    void anActingHookContractViolationBecomesAnErrorResultNamingTheHook() {
        PostActingHook broken = new PostActingHook() {
            @Override
            public ToolResult afterActing(ToolCall call, ToolResult result, io.agentloop.api.hook.HookContext c) {
                return null;
            }

            @Override
            public String name() {
                return "acme/NullResult";
            }
        };

        RunResult result = scenario.agent(readThenAnswer()).tools(read).hooks(broken).build().run("Read a.txt");

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.toolCalls().get(0).result().content()).startsWith("Error (hook_failed)")
                .contains("acme/NullResult").contains("returned null");
    }

    @Test
    void aFailingBeforeHookStopsTheStepButEveryAfterHookStillRuns() {
        List<String> log = RecordingHook.newLog();
        PostReasoningHook failingAfter = new PostReasoningHook() {
            @Override
            public AssistantMessage afterReasoning(io.agentloop.api.model.ChatRequest request,
                                                   AssistantMessage response, io.agentloop.api.hook.HookContext c) {
                log.add("failing.afterReasoning");
                throw new IllegalStateException("boom");
            }

            @Override
            public int order() {
                return 5;
            }

            @Override
            public String name() {
                return "acme/Failing";
            }
        };

        RunResult result = scenario.agent(ScriptedChatModel.script().answer("hi").build())
                .hooks(new RecordingHook("outer", 0, log), failingAfter, new RecordingHook("inner", 10, log))
                .build().run("hi");

        assertThat(log).containsSubsequence("inner.afterReasoning", "failing.afterReasoning", "outer.afterReasoning");
        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).get().extracting(Throwable::getMessage).asString()
                .contains("post-reasoning hook acme/Failing failed").contains("boom");
    }

    @Test
    void aFailingPreHookStopsTheCallBeforeTheModel() {
        ScriptedChatModel model = ScriptedChatModel.script().answer("never").build();
        PreReasoningHook failing = (request, context) -> {
            throw new IllegalArgumentException("no");
        };

        RunResult result = scenario.agent(model).hooks(failing).build().run("hi");

        assertThat(model.calls()).isZero();
        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).get().isInstanceOf(HookException.class);
    }

    @Test
    void aThrowingListenerDoesNotAffectTheRun() {
        RunResult result = scenario.agent(readThenAnswer()).tools(read).listeners(event -> {
            throw new IllegalStateException("listener bug");
        }).build().run("Read a.txt");

        assertThat(result.success()).isTrue();
        assertThat(result.text()).isEqualTo("The answer is 42.");
        assertThat(scenario.events.ofType(AgentEvent.RunCompleted.class)).hasSize(1);
    }

    @Test
    void aPrePrintHookChangesWhatIsShownButNotTheConversation() {
        PrePrintHook mask = (text, context) -> text.replace("42", "**");

        RunResult result = scenario.agent(readThenAnswer()).tools(read).hooks(mask).build().run("Read a.txt");

        assertThat(scenario.events.text()).isEqualTo("The answer is **.");
        assertThat(result.text()).isEqualTo("The answer is 42.");
    }
}
