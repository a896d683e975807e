package io.agentloop.bench;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.SubAgentProfile;
import io.agentloop.testkit.ScriptedChatModel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What handing a task to a sub-agent costs the platform: a run whose model asks the {@code task}
 * tool once and then answers, the sub-agent answering at once (zero-latency scripted models), against
 * the same run calling an in-process no-op tool instead. The difference is the sub-agent's own run
 * (building it, its loop, its events forwarded). Run with {@code ./dev bench SubAgent} ({@code -prof gc}
 * gives the bytes).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SubAgentOverheadBenchmark {
    private Agent withSubAgent;
    private Agent withTool;

    @Setup
    public void setUp() {
        ScriptedChatModel child = ScriptedChatModel.dynamic(request -> ScriptedChatModel.Step.answer(Usage.of(10, 5),
                "42"));
        withSubAgent = Agent.builder().model(parent("task", "{\"agent\":\"helper\",\"task\":\"six times seven\"}"))
                .subAgents(SubAgentProfile.of("helper", "Does small jobs.", "You help.", List.of()).withModel(child))
                .build();
        withTool = Agent.builder().model(parent("noop", "{\"i\":1}")).tools(new LoopOverheadBenchmark.NoOpTool())
                .build();
        for (Agent agent : List.of(withSubAgent, withTool)) {
            RunResult check = agent.run("go");
            if (!check.success() || check.toolCalls().size() != 1 || check.toolCalls().getFirst().result().isError()) {
                throw new IllegalStateException("the benchmark scenario does not run as intended: " + check);
            }
        }
    }

    /** A model that calls {@code tool} once, then answers. */
    private static ScriptedChatModel parent(String tool, String arguments) {
        return ScriptedChatModel.dynamic((ChatRequest request) -> {
            boolean called = request.messages().stream().anyMatch((Message m) -> m instanceof ToolMessage);
            return called ? ScriptedChatModel.Step.answer(Usage.of(100, 20), "done")
                    : ScriptedChatModel.Step.toolCalls(Usage.of(100, 20), List.of(ToolCall.of("c1", tool, arguments)));
        });
    }

    @Benchmark
    public RunResult runWithOneSubAgentTask() {
        return withSubAgent.run("go");
    }

    @Benchmark
    public RunResult runWithOneToolCall() {
        return withTool.run("go");
    }
}
