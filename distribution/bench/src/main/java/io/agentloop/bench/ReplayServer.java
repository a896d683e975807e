package io.agentloop.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * A zero-latency endpoint on loopback that answers every POST, whatever its path, with the body it
 * was last given, and counts the distinct client connections it saw (one per remote port).
 */
final class ReplayServer implements AutoCloseable {
    private record Answer(byte[] body, String contentType) {
    }

    private final HttpServer server;
    private final Set<Integer> connections = ConcurrentHashMap.newKeySet();
    private volatile Answer answer = new Answer(new byte[0], "application/json");

    ReplayServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            Answer current = answer;
            connections.add(exchange.getRemoteAddress().getPort());
            try (InputStream in = exchange.getRequestBody()) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            exchange.getResponseHeaders().add("Content-Type", current.contentType());
            exchange.sendResponseHeaders(200, current.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(current.body());
            }
        });
        server.setExecutor(Executors.newFixedThreadPool(2, runnable -> {
            Thread thread = new Thread(runnable, "replay-server");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
    }

    /** From now on every request gets this body. */
    void answer(byte[] body, String contentType) {
        answer = new Answer(body, contentType);
        connections.clear();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    int connections() {
        return connections.size();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
