package io.agentloop.server;

import java.io.ByteArrayOutputStream;
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

/**
 * An attacker's web site on loopback: {@value #PAGE} is its page (the script in
 * {@code hostile-page.html}), and every other request is passed on, byte for byte, to the server at
 * {@code target}. Reached by its own address it is a site of another origin. Reached by a made-up
 * name that the browser resolves to 127.0.0.1, it is what DNS rebinding makes of the attacker's
 * name: the page came from the attacker's site, and the same name's later requests reach the
 * victim's server, still naming the attacker's host in {@code Host}.
 */
final class HostileSite implements AutoCloseable {
    static final String PAGE = "/hostile.html";
    private final ServerSocket listener;
    private final int target;
    private final byte[] page;
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    HostileSite(int target) {
        this.target = target;
        try (InputStream in = HostileSite.class.getResourceAsStream("hostile-page.html")) {
            this.page = in.readAllBytes();
            this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofVirtual().start(this::accept);
    }

    int port() {
        return listener.getLocalPort();
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
        open.forEach(HostileSite::close);
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                open.add(client);
                Thread.ofVirtual().start(() -> answer(client));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void answer(Socket client) {
        try {
            byte[] head = head(client.getInputStream());
            String line = new String(head, StandardCharsets.ISO_8859_1).lines().findFirst().orElse("");
            if (line.startsWith("GET " + PAGE)) {
                OutputStream out = client.getOutputStream();
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: "
                        + page.length + "\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.write(page);
                out.flush();
                close(client);
                return;
            }
            Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
            open.add(server);
            server.getOutputStream().write(head);
            Thread.ofVirtual().start(() -> pump(server, client));
            pump(client, server);
        } catch (IOException e) {
            close(client); // the browser went away
        }
    }

    /** The request's line and headers, up to and with the empty line after them. */
    private static byte[] head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection closed before a request came");
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : b == '\r' ? 1 : 0;
        }
        return head.toByteArray();
    }

    private static void pump(Socket from, Socket to) {
        byte[] buffer = new byte[8192];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
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

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closed already
        }
    }
}
