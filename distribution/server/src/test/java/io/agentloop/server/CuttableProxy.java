package io.agentloop.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntSupplier;

/**
 * A loopback TCP proxy in front of a server whose connections a test can cut, as a network breaks
 * them, while the server goes on. It keeps what clients sent, so a test can see what a reconnecting
 * client asked for.
 */
final class CuttableProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final IntSupplier target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final StringBuffer sent = new StringBuffer();

    /** @param target the port of the server, asked at each connection (the server may be started again) */
    CuttableProxy(IntSupplier target) {
        this.target = target;
        try {
            this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofVirtual().start(this::accept);
    }

    String address() {
        return "http://" + authority();
    }

    /** {@code 127.0.0.1:port}: what a browser calling through the proxy sends as {@code Host}. */
    String authority() {
        return "127.0.0.1:" + listener.getLocalPort();
    }

    /** Everything clients sent through the proxy so far (requests' lines and headers), as text. */
    String sent() {
        return sent.toString();
    }

    /** Drops every connection open now; later ones go through again. */
    void cut() {
        for (Socket socket : open) {
            close(socket);
        }
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
        cut();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), target.getAsInt());
                open.add(client);
                open.add(server);
                Thread.ofVirtual().start(() -> pump(client, server, true));
                Thread.ofVirtual().start(() -> pump(server, client, false));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(Socket from, Socket to, boolean fromClient) {
        byte[] buffer = new byte[8192];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                if (fromClient) {
                    sent.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side went away: the other goes too
        } finally {
            close(from);
            close(to);
        }
    }

    private void close(Socket socket) {
        open.remove(socket);
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
