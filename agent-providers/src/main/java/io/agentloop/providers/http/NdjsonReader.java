package io.agentloop.providers.http;

import java.io.IOException;
import okio.BufferedSource;

/**
 * Reads newline-delimited JSON (Ollama's streaming format): one non-blank line at a time, none
 * larger than the limit (the {@code max-event-size} setting; past it, {@link ResponseTooLargeException}).
 */
public final class NdjsonReader {
    private final LineReader lines;

    /** @param maxLineBytes the largest line, in bytes as they arrive (decompressed) */
    public NdjsonReader(BufferedSource source, long maxLineBytes) {
        this.lines = new LineReader(source, maxLineBytes, false, "max-event-size");
    }

    /** The next non-blank line, or null at the end of the stream. */
    public String next() throws IOException {
        String line;
        while ((line = lines.next()) != null) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }
}
