package io.agentloop.bench;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
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
 * What delivering a run's events costs: {@link LoopOverheadBenchmark}'s run of one tool call and
 * an answer, with a listener on the agent that counts every event (about 20 per run). Against the
 * same run with no listener, the difference is the events' cost: those made only when someone
 * listens, and each one's delivery with its agent and run ids. Uses only the builder's
 * {@code listeners}, so {@code compare.sh} can build it against older commits
 * ({@code BENCH_CLASSES=LoopOverheadBenchmark,ListenedRunBenchmark}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ListenedRunBenchmark {
    private final LongAdder events = new LongAdder();
    private Agent listened;

    @Setup
    public void setUp() {
        List<StreamEvent> done = LoopOverheadBenchmark.InstantModel.answer("done");
        List<StreamEvent> callNoop = LoopOverheadBenchmark.InstantModel.toolCalls(
                List.of(ToolCall.of("c1", "noop", "{\"i\":1}")));
        listened = Agent.builder()
                .model(new LoopOverheadBenchmark.InstantModel(request -> answeredTools(request.messages()) ? done
                        : callNoop))
                .tools(new LoopOverheadBenchmark.NoOpTool())
                .listeners(event -> events.increment())
                .build();
        RunResult check = listened.run("go");
        if (!check.success() || check.toolCalls().size() != 1) {
            throw new IllegalStateException("the benchmark scenario does not run as intended: " + check);
        }
    }

    private static boolean answeredTools(List<Message> messages) {
        return messages.stream().anyMatch(ToolMessage.class::isInstance);
    }

    /** One model turn asks for one tool call, then the model answers; a listener hears every event. */
    @Benchmark
    public RunResult runOneToolCallThenAnswerListened() {
        return listened.run("go");
    }
}
