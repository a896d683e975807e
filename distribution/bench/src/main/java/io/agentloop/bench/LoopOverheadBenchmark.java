package io.agentloop.bench;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
 * The agent loop's own overhead, per {@code agent.run(...)} on one thread, against an in-process
 * model that answers at once and no-op tools (no network, no session): a run the model answers
 * straight away, a run of one tool call and then the answer, and a run of 10 iterations of 3 tool
 * calls each (divide that one by 10 for the cost per iteration). Run with {@code ./dev bench} (adds
 * {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes per run).
 *
 * <p>{@code distribution/bench/compare.sh} builds this file against an older commit of the platform
 * too, to compare before and after: it is self-contained and uses only API that has been stable
 * since the loop's first benchmark (the builder's {@code model}, {@code tools}, {@code options},
 * {@code Agent.run(String)}).
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

    private Agent answering;
    private Agent oneToolCall;
    private Agent tenIterations;

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

    /**
     * A model that streams prepared events at once, chosen from the request. Unlike the testkit's
     * scripted model it keeps no request, so a long measurement does not grow the heap (and the
     * collector's work) with every run.
     */
    static final class InstantModel implements ChatModel {
        private final Function<ChatRequest, List<StreamEvent>> reply;

        InstantModel(Function<ChatRequest, List<StreamEvent>> reply) {
            this.reply = reply;
        }

        @Override
        public String name() {
            return "instant";
        }

        @Override
        public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
            List<StreamEvent> events = reply.apply(request);
            return new ModelStream() {
                private int next;

                @Override
                public StreamEvent next() {
                    return events.get(next++);
                }

                @Override
                public void close() {
                }
            };
        }

        static List<StreamEvent> answer(String text) {
            return List.of(new StreamEvent.TextDelta(text), new StreamEvent.UsageReport(Usage.of(100, 20)),
                    new StreamEvent.Finish(StopReason.END_TURN));
        }

        static List<StreamEvent> toolCalls(List<ToolCall> calls) {
            List<StreamEvent> events = new ArrayList<>();
            for (int i = 0; i < calls.size(); i++) {
                ToolCall call = calls.get(i);
                events.add(new StreamEvent.ToolCallStart(i, call.id(), call.name()));
                events.add(new StreamEvent.ToolCallArgumentsDelta(i, call.arguments()));
            }
            events.add(new StreamEvent.UsageReport(Usage.of(100, 20)));
            events.add(new StreamEvent.Finish(StopReason.TOOL_CALLS));
            return List.copyOf(events);
        }
    }

    @Setup
    public void setUp() {
        List<StreamEvent> done = InstantModel.answer("done");
        answering = Agent.builder().model(new InstantModel(request -> done)).build();

        List<StreamEvent> callNoop = InstantModel.toolCalls(List.of(ToolCall.of("c1", "noop", "{\"i\":1}")));
        oneToolCall = Agent.builder()
                .model(new InstantModel(request -> toolTurns(request) == 0 ? callNoop : done))
                .tools(new NoOpTool())
                .build();

        List<List<StreamEvent>> turns = new ArrayList<>();
        for (int turn = 0; turn < ITERATIONS; turn++) {
            List<ToolCall> calls = new ArrayList<>();
            for (int c = 0; c < CALLS_PER_ITERATION; c++) {
                // Arguments differ from turn to turn, as a model's do: a repeat would be stopped as stuck.
                int n = turn * CALLS_PER_ITERATION + c;
                calls.add(ToolCall.of("call_" + turn + "_" + c, "noop", "{\"i\":" + n + "}"));
            }
            turns.add(InstantModel.toolCalls(calls));
        }
        tenIterations = Agent.builder()
                .model(new InstantModel(request -> turns.get(toolTurns(request))))
                .tools(new NoOpTool())
                .options(RunOptions.DEFAULTS.withMaxIterations(ITERATIONS).withFinalSummary(false))
                .build();

        check(answering.run("go"), TerminalReason.ANSWERED, 0);
        check(oneToolCall.run("go"), TerminalReason.ANSWERED, 1);
        check(tenIterations.run("go"), TerminalReason.MAX_ITERATIONS, ITERATIONS * CALLS_PER_ITERATION);
    }

    private static void check(RunResult result, TerminalReason reason, int toolCalls) {
        if (result.reason().orElse(null) != reason || result.toolCalls().size() != toolCalls
                || result.toolCalls().stream().anyMatch(r -> r.result().isError())) {
            throw new IllegalStateException("the benchmark scenario does not run as intended: " + result);
        }
    }

    /** How many tool turns the conversation holds so far: the model's position in its script. */
    private static int toolTurns(ChatRequest request) {
        int turns = 0;
        for (Message message : request.messages()) {
            if (message instanceof ToolMessage) {
                turns++;
            }
        }
        return turns;
    }

    /** (a) The model answers at once: one model call, no tool. */
    @Benchmark
    public RunResult runAnsweredAtOnce() {
        return answering.run("go");
    }

    /** (b) One model turn asks for one tool call, then the model answers. */
    @Benchmark
    public RunResult runOneToolCallThenAnswer() {
        return oneToolCall.run("go");
    }

    @Benchmark
    public RunResult runTenIterationsOfThreeToolCalls() {
        return tenIterations.run("go");
    }
}
