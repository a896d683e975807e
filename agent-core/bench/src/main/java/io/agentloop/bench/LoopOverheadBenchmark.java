package io.agentloop.bench;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
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
 * The agent loop's own overhead: one run of 10 iterations, each a model call that asks for 3 tool
 * calls, against a zero-latency scripted model and no-op tools. Divide the per-run figures by 10
 * for the per-iteration cost. Run with {@code ./dev bench} (adds {@code -prof gc} for bytes).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class LoopOverheadBenchmark {
    static final int ITERATIONS = 10;
    static final int CALLS_PER_ITERATION = 3;

    private Agent agent;

    /** A tool that does nothing, as fast as a tool can be. */
    static final class NoOpTool implements Tool {
        private static final ToolSpec SPEC = ToolSpec.builder("noop").description("does nothing")
                .integerParameter("i", "a number", true).build();
        private static final ToolResult OK = ToolResult.success("ok");

        @Override
        public ToolSpec spec() {
            return SPEC;
        }

        @Override
        public boolean readOnly() {
            return true;
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            return OK;
        }
    }

    @Setup
    public void setUp() {
        ScriptedChatModel.Step[] turns = new ScriptedChatModel.Step[ITERATIONS];
        for (int turn = 0; turn < ITERATIONS; turn++) {
            ToolCall[] calls = new ToolCall[CALLS_PER_ITERATION];
            for (int c = 0; c < CALLS_PER_ITERATION; c++) {
                // Arguments differ from turn to turn, as a model's do: a repeat would be stopped as stuck.
                int n = turn * CALLS_PER_ITERATION + c;
                calls[c] = ToolCall.of("call_" + turn + "_" + c, "noop", "{\"i\":" + n + "}");
            }
            turns[turn] = ScriptedChatModel.Step.toolCalls(Usage.of(100, 20), List.of(calls));
        }
        ScriptedChatModel model = ScriptedChatModel.dynamic((ChatRequest request) -> turns[toolTurns(request)]);
        agent = Agent.builder()
                .model(model)
                .tools(new NoOpTool())
                .options(RunOptions.DEFAULTS.withMaxIterations(ITERATIONS).withFinalSummary(false))
                .build();
        RunResult check = agent.run("go");
        if (check.reason().orElse(null) != TerminalReason.MAX_ITERATIONS
                || check.toolCalls().size() != ITERATIONS * CALLS_PER_ITERATION
                || check.toolCalls().stream().anyMatch(r -> r.result().isError())) {
            throw new IllegalStateException("the benchmark scenario does not run as intended: " + check);
        }
    }

    private static int toolTurns(ChatRequest request) {
        int turns = 0;
        for (Message message : request.messages()) {
            if (message instanceof ToolMessage) {
                turns++;
            }
        }
        return turns;
    }

    @Benchmark
    public RunResult runTenIterationsOfThreeToolCalls() {
        return agent.run("go");
    }
}
