package io.agentloop.tools.shell;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Drains a process's output, keeping its beginning and its end within a byte cap (the middle of a
 * huge output is what the model needs least), and counting everything it saw.
 */
final class OutputCapture {
    private final int headCap;
    private final int tailCap;
    private final ByteArrayOutputStream head = new ByteArrayOutputStream();
    private final byte[] tail;
    private int tailStart;
    private int tailLength;
    private long total;

    OutputCapture(int cap) {
        this.headCap = cap / 2;
        this.tailCap = cap - headCap;
        this.tail = new byte[tailCap];
    }

    /** Reads until the stream ends (the process and everything holding its output have exited). */
    void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            append(buffer, n);
        }
    }

    private synchronized void append(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            total++;
            if (head.size() < headCap) {
                head.write(bytes[i]);
            } else {
                tail[(tailStart + tailLength) % tailCap] = bytes[i];
                if (tailLength < tailCap) {
                    tailLength++;
                } else {
                    tailStart = (tailStart + 1) % tailCap;
                }
            }
        }
    }

    synchronized long total() {
        return total;
    }

    synchronized boolean truncated() {
        return total > (long) headCap + tailCap;
    }

    /** The kept text; when bytes were dropped, a line in the middle says how many. */
    synchronized String text() {
        StringBuilder out = new StringBuilder(new String(head.toByteArray(), StandardCharsets.UTF_8));
        if (tailLength > 0) {
            byte[] end = new byte[tailLength];
            for (int i = 0; i < tailLength; i++) {
                end[i] = tail[(tailStart + i) % tailCap];
            }
            if (truncated()) {
                out.append("\n[... ").append(total - headCap - tailCap).append(" bytes of output left out ...]\n");
            }
            out.append(new String(end, StandardCharsets.UTF_8));
        }
        return out.toString();
    }
}
