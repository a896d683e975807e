package io.agentloop.bench;

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

/**
 * A zero-latency OpenAI-compatible endpoint on loopback for benchmarks: answers every
 * {@code /v1/chat/completions} with the same short streamed answer and counts the distinct client
 * connections it saw (one per remote port).
 */
final class FakeOpenAiServer implements AutoCloseable {
    static final String ANSWER;

    static {
        StringBuilder sse = new StringBuilder();
        String head = "{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1,"
                + "\"model\":\"bench\",\"choices\":[{\"index\":0,\"delta\":";
        sse.append("data: ").append(head).append("{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n");
        for (String word : new String[] {"The ", "answer ", "is ", "forty", "-two."}) {
            sse.append("data: ").append(head).append("{\"content\":\"").append(word)
                    .append("\"},\"finish_reason\":null}]}\n\n");
        }
        sse.append("data: ").append(head).append("{},\"finish_reason\":\"stop\"}]}\n\n");
        sse.append("data: {\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1,"
                + "\"model\":\"bench\",\"choices\":[],\"usage\":{\"prompt_tokens\":412,\"completion_tokens\":6,"
                + "\"total_tokens\":418}}\n\n");
        sse.append("data: [DONE]\n\n");
        ANSWER = sse.toString();
    }

    private final HttpServer server;
    private final Set<Integer> connections = ConcurrentHashMap.newKeySet();
    private volatile long lastRequestAt;

    FakeOpenAiServer() throws IOException {
        byte[] body = ANSWER.getBytes(StandardCharsets.UTF_8);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            lastRequestAt = System.nanoTime();
            connections.add(exchange.getRemoteAddress().getPort());
            try (InputStream in = exchange.getRequestBody()) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(Executors.newFixedThreadPool(4, runnable -> {
            Thread thread = new Thread(runnable, "fake-openai");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** When the last request arrived, on the {@link System#nanoTime()} clock; 0 before any. */
    long lastRequestAt() {
        return lastRequestAt;
    }

    int connections() {
        return connections.size();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
