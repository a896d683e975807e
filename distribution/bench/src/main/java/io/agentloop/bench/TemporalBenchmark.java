package io.agentloop.bench;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.temporal.AgentWorker;
import io.agentloop.temporal.Agents;
import io.agentloop.temporal.DurableOptions;
import io.agentloop.temporal.DurableRuns;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.Version;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerOptions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * What running on Temporal costs against the local loop, with Temporal's Java test server started
 * in this process on a free port and every client and worker talking to it over gRPC on 127.0.0.1
 * (a real network hop, not the SDK's in-memory test environment). The agent's model answers from the
 * conversation at once (it calls the read-only no-op tool K times, one call a turn, then answers),
 * so what is measured is the engine, not a model.
 *
 * <ol>
 *   <li>Overhead: runs one after another, through {@code agent.run(task)} in process and through
 *       {@link DurableRuns} (start, then wait for the result) with one worker, of K tool rounds and
 *       of one, in alternating blocks so both see the same machine; per run and per tool call, and
 *       the difference per tool call: averaged over the run, and the cost of one more round.</li>
 *   <li>Throughput: N runs started at once, with one worker and then with two (two worker
 *       factories on the same task queue, each with its own gRPC connection, in this JVM); runs per
 *       second from the first start to the last result, and the runs' latency.</li>
 * </ol>
 *
 * Run with {@code ./dev bench-temporal [runs] [rounds] [burst]} (defaults 100, 5, 200).
 */
public final class TemporalBenchmark {
    private static final String QUEUE = "agentloop-bench";
    private static final String TASK = "go";
    /** Local runs are short and noisy: this many times the Temporal runs. */
    private static final int LOCAL_FACTOR = 20;
    /** The measured runs come in this many alternating blocks of each kind. */
    private static final int BLOCKS = 5;

    private TemporalBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"); // the SDK's start-up lines
            // the test server has no worker heartbeats (a real server has): a warning per worker otherwise
            System.setProperty("org.slf4j.simpleLogger.log.io.temporal.internal.worker.HeartbeatManager", "error");
        }
        int block = Math.max(1, (args.length > 0 ? Integer.parseInt(args[0]) : 100) / BLOCKS);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int burst = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        if (rounds < 2 || burst < 1) {
            throw new IllegalArgumentException("usage: TemporalBenchmark [runs] [rounds, at least 2] [burst, at least 1]");
        }
        int runs = block * BLOCKS;
        int warmUps = Math.max(100, runs);
        int port = freePort();
        header(runs, rounds, burst, warmUps, port);

        Agents agents = new RoundAgents();
        Agent local = agents.agent(RoundAgents.name(rounds));
        Agent localOneRound = agents.agent(RoundAgents.name(1));
        Series localRun = new Series("local run");
        Series localOne = new Series("local run of 1 round");
        Series durableRun = new Series("temporal run");
        Series durableOne = new Series("temporal run of 1 round");
        try (TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port);
             Client client = new Client(port);
             Worker first = new Worker(port)) {
            new Series("warm-up").time(LOCAL_FACTOR * warmUps, i -> local.run(TASK), rounds);
            new Series("warm-up").time(LOCAL_FACTOR * warmUps, i -> localOneRound.run(TASK), 1);
            burst(client, rounds, burst, "warm-burst"); // all the engine's paths at once: the JIT's warm-up
            new Series("warm-up").time(warmUps, i -> client.run("warm-" + i, rounds), rounds);
            new Series("warm-up").time(warmUps, i -> client.run("warm-one-" + i, 1), 1);
            for (int b = 0; b < BLOCKS; b++) {
                String prefix = "b" + b + "-";
                localRun.time(LOCAL_FACTOR * block, i -> local.run(TASK), rounds);
                localOne.time(LOCAL_FACTOR * block, i -> localOneRound.run(TASK), 1);
                durableRun.time(block, i -> client.run(prefix + i, rounds), rounds);
                durableOne.time(block, i -> client.run(prefix + "one-" + i, 1), 1);
            }
            overhead(rounds, localRun, durableRun, localOne, durableOne);

            System.out.printf(Locale.ROOT, """

                    (b) Throughput: %d runs of %d rounds started at once, each from a virtual thread; runs/s from
                      the first start to the last result, latency from a run's start to its result, CPU: this
                      whole process's
                    """, burst, rounds);
            burst(client, rounds, burst, "1 worker").printThroughput(burst, rounds);
            try (Worker second = new Worker(port)) {
                burst(client, rounds, burst, "2 workers").printThroughput(burst, rounds);
            }
        }
        System.out.println("""

                Notes
                  The two workers are two WorkerFactory instances on the same task queue, each with its own gRPC
                  connection, in this one JVM: they share its processors with the server and the client, so they
                  show what a second set of pollers adds here, not what a second machine adds.
                  The test server is Temporal's in-memory implementation for tests; a real Temporal service
                  (persistence, matching, a network between machines) costs differently. Rerun on a quiet machine:
                  ./dev bench-temporal [runs] [rounds] [burst]""");
        System.exit(0); // the SDK's and gRPC's non-daemon threads
    }

    private static void header(int runs, int rounds, int burst, int warmUps, int port) {
        WorkerOptions defaults = WorkerOptions.getDefaultInstance();
        System.out.printf(Locale.ROOT, """
                Temporal engine against the local loop
                  scenario: %d tool rounds a run = %d steps (%d model calls, %d tool calls), each step an activity
                            on Temporal; the model answers at once and the tool does nothing, so what is
                            measured is the engine
                  server:   Temporal's Java test server (SDK %s) in this JVM; client and workers reach it over
                            gRPC on 127.0.0.1:%d
                  workers:  WorkerFactory and Worker with the SDK's default options (at most %d workflow tasks
                            and %d activities at once per worker), DurableOptions.DEFAULTS (heartbeat %d s)
                  machine:  %d processors, JDK %s; the server, the client and the workers share them, and
                            other work on a shared machine shows in the figures

                (a) Overhead: one run after another, wall time from the call to the result
                  local:    %d runs of agent.run(task) of %d rounds and as many of 1 round
                  temporal: %d runs of DurableRuns.start(...).result().get() with one worker, of %d rounds and
                            as many of 1 round
                  in %d alternating blocks, after warming up with %d local runs of each kind, %d Temporal runs
                  at once and %d of each kind one by one; CPU: this whole process's (server, client, worker)
                """, rounds, 2 * rounds + 1, rounds + 1, rounds, Version.LIBRARY_VERSION, port,
                defaults.getMaxConcurrentWorkflowTaskExecutionSize(), defaults.getMaxConcurrentActivityExecutionSize(),
                DurableOptions.DEFAULTS.heartbeat().toSeconds(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.version"), LOCAL_FACTOR * runs, rounds, runs, rounds, BLOCKS,
                LOCAL_FACTOR * warmUps, burst, warmUps);
    }

    private static void overhead(int rounds, Series local, Series durable, Series localOne, Series durableOne) {
        System.out.printf(Locale.ROOT, "%n  %-26s %12s %12s %12s %12s%n", "", "mean", "median", "p99", "CPU a run");
        for (Series series : List.of(local, durable, localOne, durableOne)) {
            series.print(series.name(), 1);
        }
        local.print("local, per tool call", rounds);
        durable.print("temporal, per tool call", rounds);
        int steps = 2 * rounds + 1;
        double mean = durable.mean() - local.mean();
        double median = durable.median() - local.median();
        double roundMean = (mean - (durableOne.mean() - localOne.mean())) / (rounds - 1);
        double roundMedian = (median - (durableOne.median() - localOne.median())) / (rounds - 1);
        String figures = "mean %7.2f ms, median %7.2f ms%n";
        System.out.println();
        System.out.printf(Locale.ROOT, "  %-62s" + figures, "overhead per tool call, (temporal - local) / " + rounds + ":",
                mean / rounds, median / rounds);
        System.out.printf(Locale.ROOT, "  %-62s" + figures, "overhead per step, (temporal - local) / " + steps + ":",
                mean / steps, median / steps);
        System.out.printf(Locale.ROOT, "  %-62s" + figures, "overhead of one more tool round (a model call, a tool call):",
                roundMean, roundMedian);
        System.out.printf(Locale.ROOT, "    (temporal - local) of %d rounds less that of 1 round, over %d%n", rounds,
                rounds - 1);
        System.out.printf(Locale.ROOT, "  %-62s" + figures, "overhead of the rest of a run (start, answer, end):",
                durableOne.mean() - localOne.mean() - roundMean, durableOne.median() - localOne.median() - roundMedian);
        System.out.println("    (temporal - local) of 1 round less one more round");
    }

    /**
     * {@code n} runs of {@code rounds} started at once, each from a thread of its own: their
     * latencies, the CPU they took and the time from the first start to the last result.
     */
    private static Series burst(Client client, int rounds, int n, String label) throws Exception {
        long[] started = new long[n];
        long[] ended = new long[n];
        String prefix = label.strip().replace(' ', '-') + "-";
        long cpu = cpuNanos();
        long first = System.nanoTime();
        List<CompletableFuture<RunResult>> results = new ArrayList<>();
        try (ExecutorService starters = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<CompletableFuture<RunResult>>> starts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int run = i;
                starts.add(starters.submit(() -> {
                    started[run] = System.nanoTime();
                    return client.start(prefix + run, rounds).result()
                            .whenComplete((result, failure) -> ended[run] = System.nanoTime());
                }));
            }
            for (Future<CompletableFuture<RunResult>> start : starts) {
                results.add(start.get());
            }
        }
        CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).get(10, TimeUnit.MINUTES);
        Series series = new Series(label);
        series.cpu = cpuNanos() - cpu;
        long last = first;
        for (int i = 0; i < n; i++) {
            check(results.get(i).join(), rounds);
            series.nanos.add(ended[i] - started[i]);
            last = Math.max(last, ended[i]);
        }
        series.wall = last - first;
        return series;
    }

    static RunResult check(RunResult result, int rounds) {
        if (!result.success() || result.toolCalls().size() != rounds
                || result.toolCalls().stream().anyMatch(call -> call.result().isError())) {
            throw new IllegalStateException("the benchmark scenario does not run as intended: " + result);
        }
        return result;
    }

    /** CPU time of this whole process: the server's, the client's and the workers' threads. */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static int freePort() throws IOException {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }

    /** Runs of one kind: their wall times and the CPU this process spent while they ran. */
    private static final class Series {
        private final String name;
        private final List<Long> nanos = new ArrayList<>();
        private long cpu;
        private long wall;

        Series(String name) {
            this.name = name;
        }

        String name() {
            return name;
        }

        interface Run {
            RunResult run(int i) throws Exception;
        }

        /** Times {@code n} runs one after another, each checked to have made {@code rounds} tool calls. */
        void time(int n, Run run, int rounds) throws Exception {
            long begin = cpuNanos();
            int offset = nanos.size();
            for (int i = 0; i < n; i++) {
                long start = System.nanoTime();
                check(run.run(offset + i), rounds);
                nanos.add(System.nanoTime() - start);
            }
            cpu += cpuNanos() - begin;
        }

        private long[] sorted() {
            return nanos.stream().mapToLong(Long::longValue).sorted().toArray();
        }

        double mean() {
            return nanos.stream().mapToLong(Long::longValue).average().orElseThrow() / 1e6;
        }

        double median() {
            return percentile(0.5);
        }

        double percentile(double p) {
            long[] sorted = sorted();
            return sorted[Math.max(0, (int) Math.ceil(sorted.length * p) - 1)] / 1e6;
        }

        /** One line of the table, every figure divided by {@code per}. */
        void print(String label, int per) {
            System.out.printf(Locale.ROOT, "  %-26s %9.3f ms %9.3f ms %9.3f ms %9.3f ms%n", label, mean() / per,
                    median() / per, percentile(0.99) / per, cpu / 1e6 / nanos.size() / per);
        }

        /** A burst's line: runs per second over its wall time, latencies, CPU. */
        void printThroughput(int n, int rounds) {
            double seconds = wall / 1e9;
            System.out.printf(Locale.ROOT, "  %-10s %d runs in %.2f s = %.1f runs/s (%.0f steps/s); CPU %.1f ms a run, %.2f "
                            + "cores busy%n  %-10s latency median %.0f ms, p99 %.0f ms, max %.0f ms%n", name + ":", n,
                    seconds, n / seconds, n * (2.0 * rounds + 1) / seconds, cpu / 1e6 / n, cpu / 1e9 / seconds, "",
                    median(), percentile(0.99), percentile(1.0));
        }
    }

    /** The agents of this benchmark by name, {@code rounds-<K>}: K calls of the no-op tool, one a turn, then an answer. */
    private static final class RoundAgents implements Agents {
        private final Map<String, Agent> agents = new ConcurrentHashMap<>();

        static String name(int rounds) {
            return "rounds-" + rounds;
        }

        @Override
        public Agent agent(String name) {
            if (!name.matches("rounds-[1-9][0-9]{0,3}")) {
                throw new IllegalArgumentException("no agent named '" + name + "'; known: rounds-<K>, K from 1 to 9999");
            }
            return agents.computeIfAbsent(name, key -> build(Integer.parseInt(key.substring("rounds-".length()))));
        }

        private static Agent build(int rounds) {
            List<StreamEvent> done = LoopOverheadBenchmark.InstantModel.answer("done");
            List<List<StreamEvent>> calls = new ArrayList<>();
            for (int i = 1; i <= rounds; i++) {
                calls.add(LoopOverheadBenchmark.InstantModel.toolCalls(List.of(ToolCall.of("call-" + i, "noop",
                        "{\"i\":" + i + "}"))));
            }
            return Agent.builder().name(name(rounds))
                    .model(new LoopOverheadBenchmark.InstantModel(request -> {
                        int turn = toolTurns(request);
                        return turn < rounds ? calls.get(turn) : done;
                    }))
                    .tools(new LoopOverheadBenchmark.NoOpTool())
                    .options(RunOptions.DEFAULTS.withMaxIterations(rounds + 1))
                    .build();
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
    }

    /** The starting side: a gRPC connection of its own to the server. */
    private static final class Client implements AutoCloseable {
        private final WorkflowServiceStubs service;
        private final DurableRuns runs;

        Client(int port) {
            service = stubs(port);
            runs = new DurableRuns(WorkflowClient.newInstance(service), QUEUE);
        }

        DurableRuns.DurableRun start(String runId, int rounds) {
            return runs.start(runId, RoundAgents.name(rounds), List.of(), TASK, Optional.empty());
        }

        /** Starts a run and waits for its result. */
        RunResult run(String runId, int rounds) throws Exception {
            return start(runId, rounds).result().get(5, TimeUnit.MINUTES);
        }

        @Override
        public void close() {
            service.shutdownNow();
        }
    }

    /** One worker: its own connection, factory and agents, running both the runs' workflows and their steps. */
    private static final class Worker implements AutoCloseable {
        private final WorkflowServiceStubs service;
        private final WorkerFactory factory;

        Worker(int port) {
            service = stubs(port);
            factory = WorkerFactory.newInstance(WorkflowClient.newInstance(service));
            AgentWorker.register(factory, QUEUE, new RoundAgents(), DurableOptions.DEFAULTS);
            factory.start();
        }

        @Override
        public void close() throws InterruptedException {
            factory.shutdownNow();
            factory.awaitTermination(1, TimeUnit.MINUTES);
            service.shutdownNow();
        }
    }

    private static WorkflowServiceStubs stubs(int port) {
        return WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder()
                .setTarget("127.0.0.1:" + port).build());
    }
}
