package io.agentloop.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.Agent;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Many runs at once against a slow model: {@code N} runs (default 10,000) started together on one
 * shared agent, each asking the fake model ({@link ScaleModelServer}, a process of its own) for
 * {@code K} tool calls (default 5) before its answer, every model call taking the latency (default
 * 200 ms). Reports runs per second, run latency (p50, p99, max), the heap after each collection
 * (the largest while the runs were in flight), GC time, threads, the connections the server saw, and
 * how the runs ended: answered, timed out (the box's queue, not the client: the iteration timeout is
 * set to {@code --iteration-timeout}, default 10 minutes), and failed for any other reason, which is
 * an error the client caused. Exits 1 when any run failed.
 *
 * <p>{@code ./dev bench-scale [--runs N] [--latency-ms L] [--rounds K] [--stream] [--iteration-timeout 600s]}
 * (the benchmark's JVM runs with {@code -Xmx512m} unless {@code BENCH_JAVA_OPTS} says otherwise).
 */
public final class ScaleBenchmark {

    private ScaleBenchmark() {
    }

    /** Adds two integers, as the fake model asks. */
    private static final class AddTool implements Tool {
        private static final ToolSpec SPEC = ToolSpec.builder("add").description("Adds two integers")
                .integerParameter("a", "the first", true).integerParameter("b", "the second", true).build();

        @Override
        public ToolSpec spec() {
            return SPEC;
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) {
            return ToolResult.success(Long.toString(arguments.integer("a").orElseThrow()
                    + arguments.integer("b").orElseThrow()));
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        int runs = Integer.parseInt(options.getOrDefault("runs", "10000"));
        long latency = Long.parseLong(options.getOrDefault("latency-ms", "200"));
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "5"));
        boolean stream = options.containsKey("stream");
        Duration iterationTimeout = Duration.ofSeconds(Long.parseLong(
                options.getOrDefault("iteration-timeout", "600s").replace("s", "")));
        if (stream) {
            throw new IllegalArgumentException("--stream: the scale model answers whole responses only");
        }
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), ScaleModelServer.class.getName(),
                Long.toString(latency), Integer.toString(rounds)).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            if (line == null || !line.startsWith("listening on ")) {
                throw new IllegalStateException("the scale model did not start: " + line);
            }
            String base = "http://127.0.0.1:" + line.substring("listening on ".length()).strip();
            run(base, runs, latency, rounds, iterationTimeout);
        } finally {
            server.destroy();
            server.waitFor(1, TimeUnit.MINUTES);
        }
    }

    private static void run(String base, int runs, long latency, int rounds, Duration iterationTimeout)
            throws Exception {
        ChatModel model = new OpenAiChatProvider().create(new ModelConfig("bench", Map.of("base-url", base + "/v1",
                "api-key", "bench-key", "stream", "false", "read-timeout", iterationTimeout.toSeconds() + "s")));
        Agent agent = Agent.builder().model(model).tools(new AddTool())
                .permissions(PermissionPolicy.of(List.of("add"), List.of(), List.of()))
                .options(RunOptions.DEFAULTS.withIterationTimeout(iterationTimeout)).build();
        HeapWatch heap = HeapWatch.start();
        System.out.printf(Locale.ROOT, "%d runs at once, %d tool rounds each, model latency %d ms, max heap %d MiB, "
                + "%d cores%n", runs, rounds, latency, Runtime.getRuntime().maxMemory() >> 20,
                Runtime.getRuntime().availableProcessors());
        long[] took = new long[runs];
        Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
        Map<String, String> firstOfEach = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(runs);
        AtomicLong inFlightPeak = new AtomicLong();
        LongAdder inFlight = new LongAdder();
        long gcBefore = gcMillis();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long cpuBefore = os.getProcessCpuTime();
        long allocatedBefore = threads.getTotalThreadAllocatedBytes();
        long start = System.nanoTime();
        for (int i = 0; i < runs; i++) {
            int index = i;
            Thread.ofVirtual().start(() -> {
                inFlight.increment();
                inFlightPeak.accumulateAndGet(inFlight.sum(), Math::max);
                long began = System.nanoTime();
                String outcome;
                try {
                    RunResult result = agent.run("Add the numbers as the tool results come, rounds=" + rounds
                            + " run=" + index);
                    outcome = outcome(result, rounds);
                    if (!outcome.equals("answered")) {
                        firstOfEach.putIfAbsent(outcome, result.reason().map(Enum::name).orElse("") + " "
                                + result.error().map(Throwable::toString).orElse(result.text()));
                    }
                } catch (RuntimeException | Error e) {
                    outcome = "failed: " + e.getClass().getSimpleName();
                    firstOfEach.putIfAbsent(outcome, e.toString());
                }
                took[index] = System.nanoTime() - began;
                outcomes.computeIfAbsent(outcome, key -> new LongAdder()).increment();
                inFlight.decrement();
                done.countDown();
            });
        }
        while (!done.await(10, TimeUnit.SECONDS)) {
            System.out.printf(Locale.ROOT, "  %.0f s: %d runs in flight, heap after last GC %d MiB%n",
                    (System.nanoTime() - start) / 1e9, done.getCount(), heap.lastAfterGc() >> 20);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long gc = gcMillis() - gcBefore;
        long cpu = os.getProcessCpuTime() - cpuBefore;
        long allocated = threads.getTotalThreadAllocatedBytes() - allocatedBefore;
        long peakAfterGc = heap.peakAfterGc();
        System.gc();
        long settled = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long[] sorted = took.clone();
        Arrays.sort(sorted);
        String[] stats = stats(base);
        Map<String, Long> ended = new TreeMap<>();
        outcomes.forEach((key, count) -> ended.put(key, count.sum()));
        long answered = ended.getOrDefault("answered", 0L);
        long timedOut = ended.getOrDefault("timed out", 0L);
        long failed = runs - answered - timedOut;
        System.out.printf(Locale.ROOT, "%d runs in %.1f s: %.0f runs/s; run latency p50 %.2f s, p99 %.2f s, max %.2f s%n",
                runs, seconds, runs / seconds, sorted[runs / 2] / 1e9, sorted[(int) (runs * 0.99)] / 1e9,
                sorted[runs - 1] / 1e9);
        System.out.printf(Locale.ROOT, "heap after GC: peak %d MiB while in flight, %d MiB after the runs; "
                + "GC time %d ms (%.1f%% of the wall time)%n", peakAfterGc >> 20, settled >> 20, gc,
                gc / 10.0 / seconds);
        System.out.printf(Locale.ROOT, "threads: peak %d platform; runs in flight: peak %d; model calls %s, "
                + "connections opened %s%n", ManagementFactory.getThreadMXBean().getPeakThreadCount(),
                inFlightPeak.get(), stats[0], stats[1]);
        long calls = Long.parseLong(stats[0]);
        System.out.printf(Locale.ROOT, "client per model call: CPU %.0f us, allocated %.1f KB (the whole process)%n",
                cpu / 1e3 / calls, allocated / 1024.0 / calls);
        System.out.printf(Locale.ROOT, "runs ended: %s; client-caused errors: %d, timeouts (the box's queue): %d%n",
                ended, failed, timedOut);
        firstOfEach.forEach((outcome, example) -> System.out.println("  first " + outcome + ": " + example));
        if (failed > 0) {
            System.exit(1);
        }
    }

    private static String outcome(RunResult result, int rounds) {
        if (result.reason().orElse(null) == TerminalReason.TIMEOUT) {
            return "timed out";
        }
        if (!result.success()) {
            return "failed: " + result.state() + " " + result.reason().map(Enum::name).orElse("");
        }
        if (result.toolCalls().size() != rounds || !result.text().startsWith("FINAL")) {
            return "failed: wrong script";
        }
        return "answered";
    }

    private static String[] stats(String base) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        String body = http.send(HttpRequest.newBuilder(URI.create(base + "/stats")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return body.strip().split(" ");
    }

    private static long gcMillis() {
        long total = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, collector.getCollectionTime());
        }
        return total;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new java.util.HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + args[i]);
            }
            String name = args[i].substring(2);
            if (name.equals("stream")) {
                options.put(name, "true");
            } else if (i + 1 < args.length) {
                options.put(name, args[++i]);
            } else {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
        }
        return options;
    }

    /** The heap (its pools only, not metaspace or code) after each collection, from the collectors' notifications. */
    private static final class HeapWatch {
        private final AtomicLong last = new AtomicLong();
        private final AtomicLong peak = new AtomicLong();

        static HeapWatch start() {
            HeapWatch watch = new HeapWatch();
            java.util.Set<String> heapPools = new java.util.HashSet<>();
            for (java.lang.management.MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                    heapPools.add(pool.getName());
                }
            }
            for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (collector instanceof NotificationEmitter emitter) {
                    emitter.addNotificationListener((notification, handback) -> {
                        if (!notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                            return;
                        }
                        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                                (CompositeData) notification.getUserData());
                        long used = info.getGcInfo().getMemoryUsageAfterGc().entrySet().stream()
                                .filter(pool -> heapPools.contains(pool.getKey()))
                                .mapToLong(pool -> pool.getValue().getUsed()).sum();
                        watch.last.set(used);
                        watch.peak.accumulateAndGet(used, Math::max);
                    }, null, null);
                }
            }
            return watch;
        }

        long lastAfterGc() {
            return last.get();
        }

        long peakAfterGc() {
            return peak.get();
        }
    }
}
