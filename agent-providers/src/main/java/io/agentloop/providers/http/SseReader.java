package io.agentloop.providers.http;

import java.io.IOException;
import okio.BufferedSource;

/**
 * Reads server-sent events as the HTML standard defines them, one at a time as they arrive: lines
 * end in LF, CRLF or a lone CR; a line starting with {@code :} is a comment; {@code event:} names
 * the event; {@code data:} lines are joined with newlines; one leading space after the colon is
 * dropped; a blank line dispatches the event. An event the stream ends in the middle of (no blank
 * line after it) is dropped, as the standard says. No line and no event may be larger than the
 * limit (the {@code max-event-size} setting): past it, {@link ResponseTooLargeException}.
 */
public final class SseReader {
    private static final String SETTING = "max-event-size";

    private final LineReader lines;
    private final long maxEventBytes;
    private final StringBuilder data = new StringBuilder();
    private String event;
    private boolean hasData;

    /** @param maxEventBytes the largest line or event, in bytes as they arrive (decompressed) */
    public SseReader(BufferedSource source, long maxEventBytes) {
        this.lines = new LineReader(source, maxEventBytes, true, SETTING);
        this.maxEventBytes = maxEventBytes;
    }

    /** The next event, or null at the end of the stream. Blocks until one is complete. */
    public SseEvent next() throws IOException {
        String line;
        while ((line = lines.next()) != null) {
            if (line.isEmpty()) {
                if (hasData) {
                    SseEvent complete = new SseEvent(event == null ? "message" : event, data.toString());
                    reset();
                    return complete;
                }
                reset();
                continue;
            }
            if (line.charAt(0) == ':') {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1 < line.length() && line.charAt(colon + 1) == ' '
                    ? colon + 2 : colon + 1);
            switch (field) {
                case "event" -> event = value;
                case "data" -> {
                    // The data held, in characters (never more than its bytes): many short lines add up too.
                    if (data.length() + 1 + value.length() > maxEventBytes) {
                        throw new ResponseTooLargeException("an event of the streamed response", maxEventBytes,
                                SETTING);
                    }
                    if (hasData) {
                        data.append('\n');
                    }
                    data.append(value);
                    hasData = true;
                }
                default -> {
                    // id and retry are not used by model APIs; unknown fields are ignored by the standard
                }
            }
        }
        return null;
    }

    private void reset() {
        data.setLength(0);
        event = null;
        hasData = false;
    }
}
