package io.agentloop.plugins.otel;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CompactionOptions;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.core.plan.PlanAndSolve;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spans of real runs of a real agent, recorded by the SDK in memory. */
class RunTracerTest {
    static final Usage PARENT_CALL = new Usage(100, 40, 30, 5);
    static final Usage CHILD_CALL = new Usage(10, 4, 0, 1);
    static final String SECRET = "sk-proj-Q2x8Lm4Rt7Vb9Nc3Hd6Kf1Jg5Wp0Zs2Ya";

    @TempDir
    Path root;

    final InMemoryTelemetry telemetry = new InMemoryTelemetry();

    @AfterEach
    void close() {
        telemetry.close();
    }

    RunTracer tracer(boolean captureContent) {
        return new RunTracer(telemetry.sdk, captureContent, UnaryOperator.identity(), "scripted-provider",
                McpServers.NONE, new PausedRuns(() -> root.resolve("paused-runs")));
    }

    /**
     * Two tool rounds (a lookup whose result holds a key, then a task for a sub-agent), the first
     * model call retried once, and the conversation compacted before the answer
     * (to the task and the latest round).
     */
    RunResult runScenario(RunTracer tracer) {
        FakeTool lookup = FakeTool.named("lookup").readOnly().stringParameter("q", true)
                .returning("the deploy key is " + SECRET);
        ScriptedChatModel child = ScriptedChatModel.script().usage(CHILD_CALL).answer("42").build();
        ScriptedChatModel parent = ScriptedChatModel.script().usage(PARENT_CALL)
                .fail(new RetryableModelException("scripted: HTTP 529: Overloaded"))
                .toolCalls(ToolCall.of("c1", "lookup", "{\"q\":\"deploy key\"}"))
                .toolCalls(ToolCall.of("c2", "task", "{\"agent\":\"helper\",\"task\":\"What is six times seven?\"}"))
                .answer("Done: 42.").build();
        SubAgentProfile helper = SubAgentProfile.of("helper", "Does small jobs.", "You help.", List.of())
                .withModel(child);
        return Agent.builder().name("planner").model(parent).tools(lookup).subAgents(helper)
                .workspace(SandboxWorkspace.of(root)).timekeeper(new ManualTimekeeper()).random(() -> 0.5)
                .options(RunOptions.DEFAULTS.withCompaction(new CompactionOptions(4, 0, "truncate")))
                .hooks(new ChatSpanInterceptor(tracer), new ToolSpanInterceptor(tracer))
                .listeners(new RunSpanListener(tracer))
                .build().run("Find the deploy key, then ask the helper.");
    }

    @Test
    void aRunWithTwoToolRoundsARetryACompactionAndASubAgentIsOneTreeOfConventionSpans() {
        RunResult result = runScenario(tracer(false));

        assertThat(result.success()).as(result.toString()).isTrue();
        assertThat(telemetry.tree("agentloop.run.id")).isEqualTo("""
                invoke_agent planner INTERNAL {agentloop.run.iterations=3, agentloop.run.outcome=answered, \
                gen_ai.agent.name=planner, gen_ai.operation.name=invoke_agent}
                  chat scripted CLIENT {agentloop.usage.cached_input_tokens=30, agentloop.usage.reasoning_tokens=5, \
                gen_ai.operation.name=chat, gen_ai.provider.name=scripted-provider, gen_ai.request.model=scripted, \
                gen_ai.response.finish_reasons=[tool_calls], gen_ai.response.model=scripted, \
                gen_ai.usage.input_tokens=100, gen_ai.usage.output_tokens=40}
                    * agentloop.retry {agentloop.retry.attempt=1, agentloop.retry.delay_seconds=1.0}
                  execute_tool lookup INTERNAL {agentloop.tool.outcome=ok, gen_ai.operation.name=execute_tool, \
                gen_ai.tool.call.id=c1, gen_ai.tool.name=lookup, gen_ai.tool.type=function}
                  chat scripted CLIENT {agentloop.usage.cached_input_tokens=30, agentloop.usage.reasoning_tokens=5, \
                gen_ai.operation.name=chat, gen_ai.provider.name=scripted-provider, gen_ai.request.model=scripted, \
                gen_ai.response.finish_reasons=[tool_calls], gen_ai.response.model=scripted, \
                gen_ai.usage.input_tokens=100, gen_ai.usage.output_tokens=40}
                  execute_tool task INTERNAL {agentloop.tool.outcome=ok, gen_ai.operation.name=execute_tool, \
                gen_ai.tool.call.id=c2, gen_ai.tool.name=task, gen_ai.tool.type=function}
                    invoke_agent helper INTERNAL {agentloop.run.iterations=1, agentloop.run.outcome=answered, \
                gen_ai.agent.name=helper, gen_ai.operation.name=invoke_agent}
                      chat scripted CLIENT {agentloop.usage.cached_input_tokens=0, agentloop.usage.reasoning_tokens=1, \
                gen_ai.operation.name=chat, gen_ai.provider.name=scripted-provider, gen_ai.request.model=scripted, \
                gen_ai.response.finish_reasons=[end_turn], gen_ai.response.model=scripted, \
                gen_ai.usage.input_tokens=10, gen_ai.usage.output_tokens=4}
                  compaction INTERNAL {agentloop.compaction.messages_after=3, agentloop.compaction.messages_before=5, \
                agentloop.compaction.strategy=truncate}
                  chat scripted CLIENT {agentloop.usage.cached_input_tokens=30, agentloop.usage.reasoning_tokens=5, \
                gen_ai.operation.name=chat, gen_ai.provider.name=scripted-provider, gen_ai.request.model=scripted, \
                gen_ai.response.finish_reasons=[end_turn], gen_ai.response.model=scripted, \
                gen_ai.usage.input_tokens=100, gen_ai.usage.output_tokens=40}
                """);
        List<SpanData> spans = telemetry.finished();
        assertThat(spans).as("one trace").extracting(SpanData::getTraceId).containsOnly(spans.getFirst().getTraceId());
        SpanData run = named(spans, "invoke_agent planner");
        assertThat(run.getAttributes().get(GenAi.RUN_ID)).isEqualTo(result.runId());
        assertThat(named(spans, "invoke_agent helper").getAttributes().get(GenAi.RUN_ID))
                .isEqualTo(((io.agentloop.api.tool.ToolResult.Success) result.toolCalls().get(1).result()).data().get("run_id"));
        Usage chats = spans.stream().filter(span -> span.getName().startsWith("chat ")).map(span -> new Usage(
                span.getAttributes().get(GenAi.INPUT_TOKENS), span.getAttributes().get(GenAi.OUTPUT_TOKENS),
                span.getAttributes().get(GenAi.CACHED_INPUT_TOKENS), span.getAttributes().get(GenAi.REASONING_TOKENS)))
                .reduce(Usage.ZERO, Usage::plus);
        assertThat(chats).as("the chat spans' tokens are the run's").isEqualTo(result.usage());
    }

    @Test
    void aModelThatNamesItsProviderIsNamedByTheConventionsValue() {
        ScriptedChatModel scripted = ScriptedChatModel.script().answer("hi").build();
        ChatModel gemini = new ChatModel() {
            @Override
            public String name() {
                return "gemini-2.5-flash";
            }

            @Override
            public Optional<String> provider() {
                return Optional.of("gemini");
            }

            @Override
            public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
                return scripted.stream(request, cancellation);
            }
        };
        RunTracer tracer = tracer(false);
        Agent.builder().name("asker").model(gemini).workspace(SandboxWorkspace.of(root))
                .hooks(new ChatSpanInterceptor(tracer)).listeners(new RunSpanListener(tracer))
                .build().run("Say hi.");

        SpanData chat = named(telemetry.finished(), "chat gemini-2.5-flash");
        assertThat(chat.getAttributes().get(GenAi.PROVIDER_NAME)).isEqualTo("gcp.gemini");
    }

    @Test
    void contentIsLeftOffSpansUnlessCapturedAndThenItsSecretsAreMasked() {
        runScenario(tracer(false));
        assertThat(telemetry.finished()).allSatisfy(span -> assertThat(span.getAttributes().asMap().keySet())
                .extracting(io.opentelemetry.api.common.AttributeKey::getKey)
                .doesNotContain("gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.tool.call.arguments",
                        "gen_ai.tool.call.result"));
        telemetry.spans.reset();

        runScenario(tracer(true));

        List<SpanData> spans = telemetry.finished();
        SpanData lookup = named(spans, "execute_tool lookup");
        assertThat(lookup.getAttributes().get(GenAi.TOOL_ARGUMENTS)).isEqualTo("{\"q\":\"deploy key\"}");
        assertThat(lookup.getAttributes().get(GenAi.TOOL_RESULT)).isEqualTo("the deploy key is [REDACTED]");
        String planner = named(spans, "invoke_agent planner").getSpanId();
        List<SpanData> chats = spans.stream().filter(span -> span.getName().equals("chat scripted"))
                .filter(span -> span.getParentSpanId().equals(planner))
                .sorted(java.util.Comparator.comparingLong(SpanData::getStartEpochNanos)).toList();
        assertThat(chats).hasSize(3);
        assertThat(chats.get(1).getAttributes().get(GenAi.INPUT_MESSAGES)).as("the lookup's result, sent back")
                .contains("{\"type\":\"tool_call_response\",\"id\":\"c1\",\"response\":\"the deploy key is [REDACTED]\"}");
        assertThat(chats.get(2).getAttributes().get(GenAi.OUTPUT_MESSAGES))
                .isEqualTo("[{\"role\":\"assistant\",\"parts\":[{\"type\":\"text\",\"content\":\"Done: 42.\"}]}]");
        assertThat(spans).allSatisfy(span -> assertThat(span.getAttributes().toString()).doesNotContain(SECRET));
    }

    @Test
    void aRunThatPausesForApprovalAndGoesOnInAnotherProcessIsOneTrace() {
        FakeTool deploy = FakeTool.named("deploy").returning("deployed");
        FakeTool look = FakeTool.named("look").readOnly().returning("seen");
        ScriptedChatModel model = ScriptedChatModel.script().usage(PARENT_CALL)
                .toolCalls(ToolCall.of("d", "deploy", "{}"), ToolCall.of("l", "look", "{}")).answer("Deployed.").build();
        RunTracer before = tracer(false);
        Agent pausing = Agent.builder().name("planner").model(model).tools(deploy, look)
                .workspace(SandboxWorkspace.of(root)).permissions(PermissionPolicy.defaults())
                .hooks(new ChatSpanInterceptor(before), new ToolSpanInterceptor(before))
                .listeners(new RunSpanListener(before)).build();
        RunResult paused = pausing.run("Deploy and look");
        assertThat(paused.awaitingApproval()).isTrue();

        // Another process: a tracer of its own, meeting the paused run through the plugin's folder.
        RunTracer after = tracer(false);
        Agent resuming = Agent.builder().name("planner").model(model).tools(deploy, look)
                .workspace(SandboxWorkspace.of(root)).permissions(PermissionPolicy.defaults())
                .hooks(new ChatSpanInterceptor(after), new ToolSpanInterceptor(after))
                .listeners(new RunSpanListener(after)).build();
        RunResult resumed = resuming.resume(Resumption.of(paused, List.of(CallDecision.approve("d"))));

        assertThat(resumed.success()).isTrue();
        assertThat(telemetry.tree("agentloop.run.id", "gen_ai.operation.name", "gen_ai.provider.name",
                "gen_ai.request.model", "gen_ai.response.model", "gen_ai.tool.type", "agentloop.usage.cached_input_tokens",
                "agentloop.usage.reasoning_tokens", "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens")).isEqualTo("""
                invoke_agent planner INTERNAL {agentloop.run.iterations=1, agentloop.run.outcome=awaiting_approval, \
                gen_ai.agent.name=planner}
                  chat scripted CLIENT {gen_ai.response.finish_reasons=[tool_calls]}
                  execute_tool deploy INTERNAL {agentloop.tool.outcome=pending, gen_ai.tool.call.id=d, gen_ai.tool.name=deploy}
                  execute_tool look INTERNAL {agentloop.tool.outcome=ok, gen_ai.tool.call.id=l, gen_ai.tool.name=look}
                  invoke_agent planner INTERNAL {agentloop.run.iterations=1, agentloop.run.outcome=answered, \
                gen_ai.agent.name=planner}
                    execute_tool deploy INTERNAL {agentloop.tool.outcome=ok, gen_ai.tool.call.id=d, gen_ai.tool.name=deploy}
                    chat scripted CLIENT {gen_ai.response.finish_reasons=[end_turn]}
                """);
        assertThat(telemetry.finished()).as("one trace").extracting(SpanData::getTraceId)
                .containsOnly(telemetry.finished().getFirst().getTraceId());
        assertThat(root.resolve("paused-runs")).as("the link is used once").isEmptyDirectory();
        assertThat(telemetry.metricLines()).contains(
                "agentloop.approvals.waited {call} {gen_ai.tool.name=deploy} = 1\n",
                "agentloop.runs {run} {agentloop.run.outcome=awaiting_approval, gen_ai.agent.name=planner} = 1\n",
                "agentloop.tool.calls {call} {agentloop.tool.outcome=pending, gen_ai.tool.name=deploy} = 1\n");
        assertThat(telemetry.metricLines()).as("each model call counted once, one before the pause, one after it")
                .containsPattern("(?m)^gen_ai\\.client\\.token\\.usage \\{token} \\{[^}]*gen_ai\\.token\\.type=input[^}]*} = 2/200$")
                .containsPattern("(?m)^gen_ai\\.client\\.token\\.usage \\{token} \\{[^}]*gen_ai\\.token\\.type=output[^}]*} = 2/80$");
        assertThat(resumed.usage().inputTokens()).as("the run's result holds both calls").isEqualTo(200);
    }

    @Test
    void theMetricsCountTokensModelCallsRunsIterationsToolCallsRetriesAndCompactions() {
        runScenario(tracer(false));

        String call = "gen_ai.operation.name=chat, gen_ai.provider.name=scripted-provider, "
                + "gen_ai.request.model=scripted, gen_ai.response.model=scripted";
        assertThat(telemetry.metricLines()).isEqualTo("""
                agentloop.compactions {compaction} {agentloop.compaction.strategy=truncate, gen_ai.agent.name=planner} = 1
                agentloop.iterations {iteration} {gen_ai.agent.name=helper} = 1
                agentloop.iterations {iteration} {gen_ai.agent.name=planner} = 3
                agentloop.retries {retry} {gen_ai.agent.name=planner} = 1
                agentloop.runs {run} {agentloop.run.outcome=answered, gen_ai.agent.name=helper} = 1
                agentloop.runs {run} {agentloop.run.outcome=answered, gen_ai.agent.name=planner} = 1
                agentloop.tool.calls {call} {agentloop.tool.outcome=ok, gen_ai.tool.name=lookup} = 1
                agentloop.tool.calls {call} {agentloop.tool.outcome=ok, gen_ai.tool.name=task} = 1
                gen_ai.client.operation.duration s {%1$s} = 4/*
                gen_ai.client.token.usage {token} {%1$s, gen_ai.token.type=input} = 4/310
                gen_ai.client.token.usage {token} {%1$s, gen_ai.token.type=output} = 4/124
                """.formatted(call));
    }

    @Test
    void eachStepOfAPlanIsASpanWithItsOutcome() {
        String plan = "{\"command\":\"create\",\"steps\":[{\"id\":\"s1\",\"description\":\"read the spec\"},"
                + "{\"id\":\"s2\",\"description\":\"count the tests\",\"depends_on\":[\"s1\"]}]}";
        // the planner creates the plan, then notes each round (its step takes the status its outcome gives)
        ScriptedChatModel planner = ScriptedChatModel.script().toolCalls(ToolCall.of("p", "planning", plan))
                .answer("Planned.").answer("Noted.").answer("Noted.").answer("Both done.").build();
        ScriptedChatModel executor = ScriptedChatModel.script().answer("it says " + SECRET).answer("7 tests").build();
        RunTracer tracer = tracer(true);

        PlanAndSolve.builder().planner(Agent.builder().model(planner).hooks(new ChatSpanInterceptor(tracer)).build())
                .executor(Agent.builder().model(executor).hooks(new ChatSpanInterceptor(tracer)).build())
                .listeners(new RunSpanListener(tracer)).build().run("Check the tests.");

        assertThat(telemetry.tree()).as("the steps' text masked by the platform's redactor").isEqualTo("""
                plan_step s1 INTERNAL {agentloop.plan.step.description=read the spec, agentloop.plan.step.id=s1, \
                agentloop.plan.step.result=it says [REDACTED], agentloop.tool.outcome=ok}
                plan_step s2 INTERNAL {agentloop.plan.step.description=count the tests, agentloop.plan.step.id=s2, \
                agentloop.plan.step.result=7 tests, agentloop.tool.outcome=ok}
                """);
    }

    @Test
    void aToolCallThatAToolMakesGoesUnderThatToolsCall() {
        FakeTool inner = FakeTool.named("inner").readOnly().returning("in");
        FakeTool outer = FakeTool.named("outer").readOnly()
                .behaving((arguments, context) -> context.callTool("inner", java.util.Map.of()));
        ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of("o", "outer", "{}"))
                .answer("ok").build();
        RunTracer tracer = tracer(false);

        Agent.builder().name("planner").model(model).tools(outer, inner).workspace(SandboxWorkspace.of(root))
                .hooks(new ChatSpanInterceptor(tracer), new ToolSpanInterceptor(tracer))
                .listeners(new RunSpanListener(tracer)).build().run("Go.");

        assertThat(telemetry.tree("agentloop.run.id", "gen_ai.operation.name", "gen_ai.provider.name",
                "gen_ai.request.model", "gen_ai.response.model", "gen_ai.tool.type", "agentloop.usage.cached_input_tokens",
                "agentloop.usage.reasoning_tokens", "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens",
                "gen_ai.tool.call.id", "gen_ai.response.finish_reasons")).isEqualTo("""
                invoke_agent planner INTERNAL {agentloop.run.iterations=2, agentloop.run.outcome=answered, \
                gen_ai.agent.name=planner}
                  chat scripted CLIENT {}
                  execute_tool outer INTERNAL {agentloop.tool.outcome=ok, gen_ai.tool.name=outer}
                    execute_tool inner INTERNAL {agentloop.tool.outcome=ok, gen_ai.tool.name=inner}
                  chat scripted CLIENT {}
                """);
    }

    @Test
    void aFailedModelCallAndItsFailedRunNameTheErrorType() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .fail(new io.agentloop.api.model.NonRetryableModelException("scripted: HTTP 400: bad request")).build();
        RunTracer tracer = tracer(false);

        RunResult result = Agent.builder().name("planner").model(model).workspace(SandboxWorkspace.of(root))
                .hooks(new ChatSpanInterceptor(tracer)).listeners(new RunSpanListener(tracer)).build().run("Go.");

        assertThat(result.state()).isEqualTo(io.agentloop.api.run.AgentState.FAILED);
        assertThat(telemetry.tree("agentloop.run.id")).isEqualTo("""
                invoke_agent planner INTERNAL ERROR {agentloop.run.iterations=1, agentloop.run.outcome=failed, \
                error.type=%s, gen_ai.agent.name=planner, gen_ai.operation.name=invoke_agent}
                  chat scripted CLIENT ERROR {error.type=io.agentloop.api.model.NonRetryableModelException, \
                gen_ai.operation.name=chat, gen_ai.provider.name=scripted-provider, gen_ai.request.model=scripted}
                """.formatted(result.error().orElseThrow().getClass().getName()));
        assertThat(telemetry.metricLines()).contains("gen_ai.client.operation.duration s {error.type="
                + "io.agentloop.api.model.NonRetryableModelException, gen_ai.operation.name=chat, "
                + "gen_ai.provider.name=scripted-provider, gen_ai.request.model=scripted} = 1/*\n",
                "agentloop.runs {run} {agentloop.run.outcome=failed, gen_ai.agent.name=planner} = 1\n");
    }

    @Test
    void runsAtTheSameTimeThroughOneTracerKeepTheirOwnSpans() throws Exception {
        RunTracer tracer = tracer(false);
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(2);
        List<Agent> agents = new java.util.ArrayList<>();
        for (String name : List.of("first", "second")) {
            FakeTool meet = FakeTool.named("meet").readOnly().behaving((arguments, context) -> {
                together.await(2, java.util.concurrent.TimeUnit.MINUTES); // both runs are in a tool call at once
                return io.agentloop.api.tool.ToolResult.success("met");
            });
            ScriptedChatModel model = ScriptedChatModel.script().toolCalls(ToolCall.of(name + "-call", "meet", "{}"))
                    .answer("done").build();
            agents.add(Agent.builder().name(name).model(model).tools(meet).workspace(SandboxWorkspace.of(root))
                    .hooks(new ChatSpanInterceptor(tracer), new ToolSpanInterceptor(tracer))
                    .listeners(new RunSpanListener(tracer)).build());
        }

        List<io.agentloop.core.RunHandle> handles = agents.stream().map(agent -> agent.start(List.of(), "Meet.")).toList();
        for (io.agentloop.core.RunHandle handle : handles) {
            assertThat(handle.result().get(2, java.util.concurrent.TimeUnit.MINUTES).success()).isTrue();
        }

        List<SpanData> spans = telemetry.finished();
        for (String name : List.of("first", "second")) {
            SpanData run = named(spans, "invoke_agent " + name);
            assertThat(spans).filteredOn(span -> span.getParentSpanId().equals(run.getSpanId()))
                    .extracting(SpanData::getName, span -> span.getAttributes().get(GenAi.TOOL_CALL_ID))
                    .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("chat scripted", null),
                            org.assertj.core.groups.Tuple.tuple("execute_tool meet", name + "-call"),
                            org.assertj.core.groups.Tuple.tuple("chat scripted", null));
        }
        assertThat(spans).hasSize(8);
    }

    static SpanData named(List<SpanData> spans, String name) {
        return spans.stream().filter(span -> span.getName().equals(name)).reduce((a, b) -> {
            throw new AssertionError("more than one span named " + name);
        }).orElseThrow(() -> new AssertionError("no span named " + name + " in " + spans));
    }
}
