package io.agentloop.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The fake model of {@link ScaleBenchmark}, in a process of its own (so the client's heap, threads
 * and file descriptors are the client's alone): an OpenAI-compatible endpoint on loopback that waits
 * a fixed latency, then asks for the {@code add} tool until the conversation holds {@code rounds}
 * tool results, then answers. Each request is served on a virtual thread; idle connections are kept
 * (the JDK server would otherwise close all but 200 of them). {@code GET /stats} answers
 * {@code requests connections}.
 *
 * <p>{@code java ... ScaleModelServer LATENCY_MS ROUNDS}; prints {@code listening on PORT} when ready.
 */
public final class ScaleModelServer {
    private static final byte[] TOOL_RESULT = "\"role\":\"tool\"".getBytes(StandardCharsets.US_ASCII);

    private ScaleModelServer() {
    }

    public static void main(String[] args) throws IOException {
        long latency = Long.parseLong(args[0]);
        int rounds = Integer.parseInt(args[1]);
        System.setProperty("sun.net.httpserver.maxIdleConnections", "100000");
        System.setProperty("sun.net.httpserver.idleInterval", "600");
        Set<Integer> connections = ConcurrentHashMap.newKeySet();
        LongAdder requests = new LongAdder();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16_384);
        server.createContext("/v1/chat/completions", exchange -> {
            requests.increment();
            connections.add(exchange.getRemoteAddress().getPort());
            byte[] request;
            try (InputStream in = exchange.getRequestBody()) {
                request = in.readAllBytes();
            }
            int results = count(request, TOOL_RESULT);
            try {
                TimeUnit.MILLISECONDS.sleep(latency);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            send(exchange, "application/json", results < rounds ? toolCall(results) : answer());
        });
        server.createContext("/stats", exchange -> send(exchange, "text/plain",
                (requests.sum() + " " + connections.size()).getBytes(StandardCharsets.US_ASCII)));
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        System.out.println("listening on " + server.getAddress().getPort());
        System.out.flush();
    }

    private static void send(HttpExchange exchange, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static byte[] toolCall(int round) {
        return ("{\"id\":\"chatcmpl-scale\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"bench\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{"
                + "\"id\":\"call_" + round + "\",\"type\":\"function\",\"function\":{\"name\":\"add\",\"arguments\":"
                + "\"{\\\"a\\\":" + (round + 1) + ",\\\"b\\\":" + (round + 2) + "}\"}}]},\"finish_reason\":\"tool_calls\"}],"
                + "\"usage\":{\"prompt_tokens\":120,\"completion_tokens\":12,\"total_tokens\":132}}")
                .getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] answer() {
        return ("{\"id\":\"chatcmpl-scale\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"bench\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"FINAL: all sums are done.\"},"
                + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":180,\"completion_tokens\":8,"
                + "\"total_tokens\":188}}").getBytes(StandardCharsets.US_ASCII);
    }

    private static int count(byte[] haystack, byte[] needle) {
        int found = 0;
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            found++;
        }
        return found;
    }
}
