package io.agentloop.providers.http;

import java.io.IOException;
import okio.BufferedSource;
import okio.ByteString;

/**
 * Reads server-sent events as the HTML standard defines them, one at a time as they arrive: lines
 * end in LF, CRLF or a lone CR; a line starting with {@code :} is a comment; {@code event:} names
 * the event; {@code data:} lines are joined with newlines; one leading space after the colon is
 * dropped; a blank line dispatches the event. An event the stream ends in the middle of (no blank
 * line after it) is dropped, as the standard says.
 */
public final class SseReader {
    private static final ByteString LINE_ENDS = ByteString.encodeUtf8("\r\n");

    private final BufferedSource source;
    private final StringBuilder data = new StringBuilder();
    private String event;
    private boolean hasData;

    public SseReader(BufferedSource source) {
        this.source = source;
    }

    /** The next event, or null at the end of the stream. Blocks until one is complete. */
    public SseEvent next() throws IOException {
        String line;
        while ((line = readLine()) != null) {
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

    /** One line without its terminator, or null at the end of the stream. */
    private String readLine() throws IOException {
        long end = source.indexOfElement(LINE_ENDS);
        if (end < 0) {
            if (!source.request(1)) {
                return null;
            }
            return source.readUtf8();
        }
        String line = source.readUtf8(end);
        byte terminator = source.readByte();
        if (terminator == '\r' && source.request(1) && source.getBuffer().getByte(0) == '\n') {
            source.skip(1);
        }
        return line;
    }
}
