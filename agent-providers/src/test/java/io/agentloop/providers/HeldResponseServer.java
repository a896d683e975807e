package io.agentloop.providers;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small HTTP/1.1 server on loopback that counts the connections it accepts and holds every answer
 * until the test releases the round: so many calls are truly in flight at once, and how many
 * connections they needed is known exactly. Each connection is served on a virtual thread and kept
 * open for the next request, as a real API server keeps it.
 */
final class HeldResponseServer implements AutoCloseable {
    private final ServerSocket socket;
    private final byte[] response;
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile Round round;

    /** One round of requests: {@code arrived} counts them in, {@code release} lets their answers go. */
    record Round(CountDownLatch arrived, CountDownLatch release) {
        Round(int requests) {
            this(new CountDownLatch(requests), new CountDownLatch(1));
        }
    }

    /** @param contentType and {@code body}: the answer to every request */
    HeldResponseServer(String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        this.response = ("HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nContent-Length: " + bytes.length
                + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8);
        this.socket = new ServerSocket(0, 2048, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("accept").start(this::accept);
    }

    String baseUrl(String path) {
        return "http://127.0.0.1:" + socket.getLocalPort() + path;
    }

    /** Starts a round that expects {@code requests} requests; answers wait for {@link Round#release()}. */
    Round nextRound(int requests) {
        round = new Round(requests);
        return round;
    }

    int acceptedConnections() {
        return accepted.get();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                accepted.incrementAndGet();
                Thread.ofVirtual().start(() -> serve(connection));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket connection) {
        try (connection) {
            InputStream in = new BufferedInputStream(connection.getInputStream());
            OutputStream out = connection.getOutputStream();
            while (readRequest(in)) {
                Round current = round;
                current.arrived().countDown();
                if (!current.release().await(2, TimeUnit.MINUTES)) {
                    return;
                }
                out.write(response);
                out.flush();
            }
        } catch (IOException e) {
            // the client closed the connection
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads one request's head and body; false at the end of the connection. */
    private static boolean readRequest(InputStream in) throws IOException {
        int length = 0;
        boolean any = false;
        for (String line = line(in); line != null; line = line(in)) {
            any = true;
            if (line.isEmpty()) {
                in.readNBytes(length);
                return true;
            }
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(lower.substring("content-length:".length()).strip());
            }
        }
        if (any) {
            throw new UncheckedIOException(new IOException("the request ended inside its head"));
        }
        return false;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1; b = in.read()) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.US_ASCII);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
