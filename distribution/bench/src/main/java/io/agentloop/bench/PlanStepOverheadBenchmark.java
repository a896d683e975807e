package io.agentloop.bench;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.core.Agent;
import io.agentloop.core.plan.PlanAndSolve;
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
 * What a plan step costs the platform: plan-and-solve of a plan with one step against the same
 * with two (sequential) steps, zero-latency scripted models; the difference is one step (its
 * run, its prompt with the plan and the other's result, the planner's review of its round, its
 * events). Run with
 * {@code ./dev bench PlanStepOverhead} ({@code -prof gc} gives the bytes).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class PlanStepOverheadBenchmark {
    private static final String ONE = "{\"command\":\"create\",\"steps\":[{\"id\":\"s1\",\"description\":\"do it\"}]}";
    private static final String TWO = "{\"command\":\"create\",\"steps\":[{\"id\":\"s1\",\"description\":\"do it\"},"
            + "{\"id\":\"s2\",\"description\":\"check it\",\"depends_on\":[\"s1\"]}]}";

    private PlanAndSolve oneStep;
    private PlanAndSolve twoSteps;

    @Setup
    public void setUp() {
        oneStep = planAndSolve(ONE);
        twoSteps = planAndSolve(TWO);
        if (oneStep.run("go").steps().size() != 1 || twoSteps.run("go").steps().size() != 2) {
            throw new IllegalStateException("the benchmark scenario does not run as intended");
        }
    }

    /**
     * A planner that creates the plan with its planning tool when asked for one, notes each round (its
     * steps then take the status their outcome gives) and summarises; an executor that answers at once.
     */
    private static PlanAndSolve planAndSolve(String plan) {
        ScriptedChatModel planner = ScriptedChatModel.dynamic((ChatRequest request) ->
                request.messages().getLast() instanceof UserMessage user
                        && user.content().getFirst().text().startsWith("Make a plan")
                        ? ScriptedChatModel.Step.toolCalls(Usage.of(100, 20), List.of(ToolCall.of("p", "planning", plan)))
                        : ScriptedChatModel.Step.answer(Usage.of(100, 20), "summary"));
        ScriptedChatModel executor = ScriptedChatModel.dynamic(request -> ScriptedChatModel.Step.answer(
                Usage.of(50, 10), "step done"));
        return PlanAndSolve.builder().planner(Agent.builder().model(planner).build())
                .executor(Agent.builder().model(executor).build()).build();
    }

    @Benchmark
    public PlanAndSolve.Result planOfOneStep() {
        return oneStep.run("go");
    }

    @Benchmark
    public PlanAndSolve.Result planOfTwoSteps() {
        return twoSteps.run("go");
    }
}
