package io.agentloop.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code agentloop serve} under load, from the built installation as a user runs it: {@code N}
 * runs started at once over HTTP (default 1,000), each event stream read to its end, against a fake
 * OpenAI-compatible model that takes 200 ms per call; then {@code M} runs (default 10,000) that each
 * pause for approval, left open and waiting, and the server's heap after a full GC. Prints runs per
 * second, the latency from a run's request to its first event (median, p99, max), and the heap.
 * Run with {@code ./dev bench-serve [N] [M] [rounds]}.
 */
public final class ServeBenchmark {
    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+) ");
    /** The server's bearer token for this benchmark: every route it calls needs one. */
    private static final String TOKEN = "bench-" + java.util.UUID.randomUUID();
    private static final Pattern USED = Pattern.compile("used (\\d+)K");
    private static final long MODEL_LATENCY_MILLIS = 200;

    private ServeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int concurrent = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int waiting = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Path work = Files.createTempDirectory("agentloop-bench-serve");
        HttpServer model = slowModel();
        Process server = null;
        try {
            Path config = work.resolve("agentloop.yaml");
            Files.writeString(config, "server:\n  runs-per-token: " + (concurrent + waiting) + "\n"
                    + "  requests-per-minute: 100000000\n  workspaces: " + work.resolve("workspaces") + "\n"
                    + "  data: " + work.resolve("server") + "\nsessions:\n  folder: " + work.resolve("sessions") + "\n");
            ProcessBuilder builder = new ProcessBuilder(ColdStartBenchmark.installation().toAbsolutePath().resolve("bin/agentloop")
                    .toString(), "serve", "--port", "0").redirectOutput(work.resolve("out.txt").toFile())
                    .redirectError(work.resolve("err.txt").toFile()).directory(work.toFile());
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
            builder.environment().put("AGENTLOOP_CONFIG", config.toString());
            builder.environment().put("AGENTLOOP_PROVIDER", "openai");
            builder.environment().put("AGENTLOOP_MODEL", "bench");
            builder.environment().put("OPENAI_BASE_URL", "http://127.0.0.1:" + model.getAddress().getPort() + "/v1");
            builder.environment().put("OPENAI_API_KEY", "bench-key");
            builder.environment().put("AGENTLOOP_SERVER_TOKEN", TOKEN);
            server = builder.start();
            String base = address(server, work);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
            System.out.printf(Locale.ROOT, "agentloop serve at %s; model latency %d ms; %d concurrent runs, %d rounds%n",
                    base, MODEL_LATENCY_MILLIS, concurrent, rounds);
            for (int round = 1; round <= rounds; round++) {
                burst(http, base, concurrent, round);
            }
            park(http, base, waiting, server.pid());
        } finally {
            if (server != null) {
                server.destroy();
                server.waitFor(1, TimeUnit.MINUTES);
            }
            model.stop(0);
            try (var paths = Files.walk(work)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** {@code n} runs at once: each started, its stream read to the end; runs per second and first-event latencies. */
    private static void burst(HttpClient http, String base, int n, int round) throws Exception {
        long start = System.nanoTime();
        List<Future<Long>> firsts = new ArrayList<>();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
                firsts.add(clients.submit(() -> oneRun(http, base)));
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long[] latencies = new long[n];
        for (int i = 0; i < n; i++) {
            latencies[i] = firsts.get(i).get();
        }
        Arrays.sort(latencies);
        System.out.printf(Locale.ROOT, "round %d: %d runs in %.2f s = %.0f runs/s; request to first event: median %.1f ms, "
                        + "p99 %.1f ms, max %.1f ms%n", round, n, seconds, n / seconds, latencies[n / 2] / 1e6,
                latencies[(int) Math.ceil(n * 0.99) - 1] / 1e6, latencies[n - 1] / 1e6);
    }

    /** Starts one run, reads its events to the end; nanoseconds from the request to the first event. */
    private static long oneRun(HttpClient http, String base) throws Exception {
        long asked = System.nanoTime();
        String id = id(post(http, base + "/v1/runs", "{\"task\": \"answer briefly\"}"));
        HttpResponse<InputStream> stream = http.send(HttpRequest.newBuilder(URI.create(base + "/v1/runs/" + id
                + "/events")).header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofMinutes(5)).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
        long first = 0;
        String last = "";
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("data: ")) {
                    if (first == 0) {
                        first = System.nanoTime() - asked;
                    }
                    last = line;
                }
            }
        }
        if (!last.contains("\"state\":\"completed\"")) {
            throw new IllegalStateException("run " + id + " did not complete: " + last);
        }
        return first;
    }

    /** {@code n} runs that each pause for approval, left waiting; the server's heap after a full GC. */
    private static void park(HttpClient http, String base, int n, long pid) throws Exception {
        long start = System.nanoTime();
        try (ExecutorService clients = Executors.newFixedThreadPool(64)) {
            List<Future<String>> started = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                started.add(clients.submit(() -> id(post(http, base + "/v1/runs", "{\"task\": \"please write\"}"))));
            }
            for (Future<String> id : started) {
                id.get();
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(20);
        int parked = 0;
        while (parked < n && System.nanoTime() < deadline) {
            String list = http.send(HttpRequest.newBuilder(URI.create(base + "/v1/runs?state=waiting"))
                    .header("Authorization", "Bearer " + TOKEN).GET().build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            parked = count(list, "\"state\":\"waiting\"");
            if (parked < n) {
                TimeUnit.SECONDS.sleep(1);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        jcmd(pid, "GC.run");
        String heap = jcmd(pid, "GC.heap_info");
        Matcher used = USED.matcher(heap);
        if (!used.find()) {
            throw new IllegalStateException("no heap figure in jcmd's answer: " + heap);
        }
        long kib = Long.parseLong(used.group(1));
        System.out.printf(Locale.ROOT, "%d runs waiting for approval (of %d started, in %.1f s); heap after a full GC: "
                + "%.0f MiB (%.1f KiB a run)%n", parked, n, seconds, kib / 1024.0, kib / (double) Math.max(1, parked));
    }

    private static String post(HttpClient http, String url, String json) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(5))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 202) {
            throw new IllegalStateException("POST " + url + ": HTTP " + response.statusCode() + " " + response.body());
        }
        return response.body();
    }

    private static String id(String run) {
        Matcher id = Pattern.compile("\"id\":\"(run_[0-9a-f]+)\"").matcher(run);
        if (!id.find()) {
            throw new IllegalStateException("no run id in " + run);
        }
        return id.group(1);
    }

    private static int count(String text, String what) {
        int count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.length())) {
            count++;
        }
        return count;
    }

    private static String jcmd(long pid, String command) throws Exception {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid), command).redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor(1, TimeUnit.MINUTES);
        return out;
    }

    private static String address(Process server, Path work) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            Matcher listening = LISTENING.matcher(Files.readString(work.resolve("out.txt")));
            if (listening.find()) {
                return listening.group(1);
            }
            if (!server.isAlive()) {
                throw new IllegalStateException("agentloop serve ended: " + Files.readString(work.resolve("err.txt")));
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new IllegalStateException("agentloop serve did not start listening: " + Files.readString(
                work.resolve("err.txt")));
    }

    /**
     * A model that answers after {@link #MODEL_LATENCY_MILLIS}: a {@code write} call when the task
     * asks for one and no tool result came yet (the rules ask about writes: the run pauses), else a
     * short answer. One virtual thread per request, so latency is the only limit.
     */
    private static HttpServer slowModel() throws IOException {
        byte[] answer = FakeOpenAiServer.ANSWER.getBytes(StandardCharsets.UTF_8);
        byte[] write = ("data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,"
                + "\"id\":\"call_w\",\"type\":\"function\",\"function\":{\"name\":\"write\",\"arguments\":"
                + "\"{\\\"path\\\":\\\"a.txt\\\",\\\"content\\\":\\\"x\\\"}\"}}]},\"finish_reason\":null}]}\n\n"
                + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
                + "data: [DONE]\n\n").getBytes(StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        server.createContext("/v1/chat/completions", exchange -> {
            String request;
            try (InputStream in = exchange.getRequestBody()) {
                request = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            try {
                TimeUnit.MILLISECONDS.sleep(MODEL_LATENCY_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = request.contains("please write") && !request.contains("\"role\":\"tool\"") ? write : answer;
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        return server;
    }
}
