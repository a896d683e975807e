package io.agentloop.bench;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.StreamEvent;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Client cost of one model call in each provider format, streamed and whole: CPU time and bytes
 * allocated on the calling thread (OkHttp's synchronous call encodes, sends, reads and decodes
 * there), against a zero-latency endpoint on loopback that replays a real recorded answer of the API
 * ({@link ProviderFormats}), for a realistic request (a system prompt, a tool turn, three tool
 * definitions). Prints the median of the rounds for each format and mode.
 *
 * <p>Run with {@code ./dev bench-provider [rounds] [calls per round] [format,...]} (formats: openai,
 * responses, anthropic, gemini, ollama; all by default).
 */
public final class ProviderCallBenchmark {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ProviderCallBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 4_000;
        List<ProviderFormats> formats = args.length > 2
                ? Arrays.stream(args[2].split(",")).map(f -> ProviderFormats.valueOf(f.strip().toUpperCase(Locale.ROOT)))
                        .toList()
                : List.of(ProviderFormats.values());
        ChatRequest request = ProviderFormats.request();
        List<String> table = new ArrayList<>();
        try (ReplayServer server = new ReplayServer()) {
            for (ProviderFormats format : formats) {
                for (boolean stream : new boolean[] {false, true}) {
                    server.answer(format.answer(stream), format.contentType(stream));
                    ChatModel model = format.model(server.baseUrl(), stream);
                    table.add(measure(format, stream, model, request, rounds, calls, server));
                }
            }
        }
        System.out.println();
        System.out.printf("median of %d rounds x %d calls per format and mode:%n", rounds, calls);
        table.forEach(System.out::println);
    }

    private static String measure(ProviderFormats format, boolean stream, ChatModel model, ChatRequest request,
                                  int rounds, int calls, ReplayServer server) {
        for (int i = 0; i < 10_000; i++) {
            call(model, request);
        }
        double[] cpu = new double[rounds];
        double[] bytes = new double[rounds];
        double[] wall = new double[rounds];
        long thread = Thread.currentThread().threadId();
        String label = String.format(Locale.ROOT, "%-10s %-6s", format.name().toLowerCase(Locale.ROOT),
                stream ? "stream" : "whole");
        for (int round = 0; round < rounds; round++) {
            long cpuStart = THREADS.getCurrentThreadCpuTime();
            long allocStart = THREADS.getThreadAllocatedBytes(thread);
            long wallStart = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                call(model, request);
            }
            wall[round] = (System.nanoTime() - wallStart) / 1e3 / calls;
            cpu[round] = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e3 / calls;
            bytes[round] = (double) (THREADS.getThreadAllocatedBytes(thread) - allocStart) / calls;
            System.out.printf(Locale.ROOT, "%s round %d: client CPU %.1f us/call, allocated %.0f B/call, "
                    + "wall %.1f us/call%n", label, round + 1, cpu[round], bytes[round], wall[round]);
        }
        return String.format(Locale.ROOT, "%s client CPU %6.1f us/call, allocated %6.0f B/call, wall %6.1f us/call, "
                + "connections %d", label, median(cpu), median(bytes), median(wall), server.connections());
    }

    private static void call(ChatModel model, ChatRequest request) {
        try (ModelStream stream = model.stream(request, CancellationSignal.never())) {
            StreamEvent event;
            do {
                event = stream.next();
            } while (!(event instanceof StreamEvent.Finish));
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
