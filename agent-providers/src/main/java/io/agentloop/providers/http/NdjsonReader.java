package io.agentloop.providers.http;

import java.io.IOException;
import okio.BufferedSource;

/** Reads newline-delimited JSON (Ollama's streaming format): one non-blank line at a time. */
public final class NdjsonReader {
    private final BufferedSource source;

    public NdjsonReader(BufferedSource source) {
        this.source = source;
    }

    /** The next non-blank line, or null at the end of the stream. */
    public String next() throws IOException {
        String line;
        while ((line = source.readUtf8Line()) != null) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }
}
