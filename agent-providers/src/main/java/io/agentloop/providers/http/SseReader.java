package io.agentloop.providers.http;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import okio.Buffer;
import okio.BufferedSource;
import okio.ByteString;

/**
 * Reads server-sent events as the HTML standard defines them, one at a time as they arrive: lines
 * end in LF, CRLF or a lone CR; a line starting with {@code :} is a comment; {@code event:} names
 * the event; {@code data:} lines are joined with newlines; one leading space after the colon is
 * dropped; a blank line dispatches the event. An event the stream ends in the middle of (no blank
 * line after it) is dropped, as the standard says. No line and no event may be larger than the
 * limit (the {@code max-event-size} setting): past it, {@link ResponseTooLargeException}.
 *
 * <p>Lines are read where they arrived: an event's data is moved out of the body's buffer once, into
 * the event's own array, and nothing else of the line is copied.
 */
public final class SseReader {
    private static final String SETTING = "max-event-size";
    private static final ByteString DATA = ByteString.encodeUtf8("data");
    private static final ByteString EVENT = ByteString.encodeUtf8("event");

    /** How many event names are remembered. */
    private static final int KNOWN_NAMES = 16;

    private final LineReader lines;
    private final List<ByteString> knownNames = new ArrayList<>();
    private final List<String> knownTexts = new ArrayList<>();
    private final long maxEventBytes;
    private final Buffer data = new Buffer();
    private String event;
    private boolean hasData;

    /** @param maxEventBytes the largest line or event, in bytes as they arrive (decompressed) */
    public SseReader(BufferedSource source, long maxEventBytes) {
        this.lines = new LineReader(source, maxEventBytes, true, SETTING);
        this.maxEventBytes = maxEventBytes;
    }

    /** The next event, or null at the end of the stream. Blocks until one is complete. */
    public SseEvent next() throws IOException {
        long length;
        while ((length = lines.next()) >= 0) {
            Buffer line = lines.buffer();
            if (length == 0) {
                lines.endLine();
                if (hasData) {
                    SseEvent complete = new SseEvent(event == null ? "message" : event, data.readByteArray());
                    reset();
                    return complete;
                }
                reset();
                continue;
            }
            if (line.getByte(0) == ':') {
                line.skip(length);
            } else if (isField(line, length, DATA)) {
                long value = length - skipName(line, length, DATA);
                // Many short lines add up too: the data held, with the newlines between them.
                if (data.size() + 1 + value > maxEventBytes) {
                    throw new ResponseTooLargeException("an event of the streamed response", maxEventBytes, SETTING);
                }
                if (hasData) {
                    data.writeByte('\n');
                }
                data.write(line, value);
                hasData = true;
            } else if (isField(line, length, EVENT)) {
                long value = length - skipName(line, length, EVENT);
                event = eventName(line, value);
            } else {
                // id and retry are not used by model APIs; unknown fields are ignored by the standard
                line.skip(length);
            }
            lines.endLine();
        }
        return null;
    }

    /**
     * The event's name, as a string made once per name: APIs name every event from a handful of names
     * ({@code content_block_delta}, {@code response.output_text.delta}).
     */
    private String eventName(Buffer line, long length) throws IOException {
        for (int i = 0; i < knownNames.size(); i++) {
            ByteString known = knownNames.get(i);
            if (known.size() == length && line.rangeEquals(0, known)) {
                line.skip(length);
                return knownTexts.get(i);
            }
        }
        ByteString name = line.readByteString(length);
        if (knownNames.size() < KNOWN_NAMES) {
            knownNames.add(name);
            knownTexts.add(name.utf8());
        }
        return name.utf8();
    }

    /** Whether the line is the field {@code name}: the name, then a colon or the end of the line. */
    private static boolean isField(Buffer line, long length, ByteString name) {
        int size = name.size();
        return length >= size && line.rangeEquals(0, name) && (length == size || line.getByte(size) == ':');
    }

    /** Skips the field's name, its colon and one space after it; the number of bytes skipped. */
    private static long skipName(Buffer line, long length, ByteString name) throws IOException {
        long skip = name.size();
        if (length > skip) {
            skip++;
            if (length > skip && line.getByte(skip) == ' ') {
                skip++;
            }
        }
        line.skip(skip);
        return skip;
    }

    private void reset() {
        data.clear();
        event = null;
        hasData = false;
    }
}
