package io.agentloop.providers.http;

import java.io.IOException;
import okio.Buffer;
import okio.BufferedSource;

/**
 * Reads newline-delimited JSON (Ollama's streaming format): one non-blank line at a time, as its
 * bytes, none larger than the limit (the {@code max-event-size} setting; past it,
 * {@link ResponseTooLargeException}).
 */
public final class NdjsonReader {
    private final LineReader lines;

    /** @param maxLineBytes the largest line, in bytes as they arrive (decompressed) */
    public NdjsonReader(BufferedSource source, long maxLineBytes) {
        this.lines = new LineReader(source, maxLineBytes, false, "max-event-size");
    }

    /** The next non-blank line in UTF-8, or null at the end of the stream. */
    public byte[] next() throws IOException {
        long length;
        while ((length = lines.next()) >= 0) {
            Buffer buffer = lines.buffer();
            boolean blank = true;
            for (long i = 0; i < length && blank; i++) {
                byte b = buffer.getByte(i);
                blank = b == ' ' || b == '\t' || b == '\r';
            }
            if (blank) {
                buffer.skip(length);
                lines.endLine();
                continue;
            }
            byte[] line = buffer.readByteArray(length);
            lines.endLine();
            return line;
        }
        return null;
    }
}
