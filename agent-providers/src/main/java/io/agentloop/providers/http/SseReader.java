package io.agentloop.providers.http;

import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
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

    /** The event names of Anthropic Messages and OpenAI Responses, most frequent first. */
    private static final List<ByteString> KNOWN_NAMES = Stream.of("content_block_delta", "response.output_text.delta",
                    "response.function_call_arguments.delta", "response.reasoning_summary_text.delta",
                    "content_block_start", "content_block_stop", "ping", "message_start", "message_delta",
                    "message_stop", "response.created", "response.in_progress", "response.output_item.added",
                    "response.output_item.done", "response.content_part.added", "response.content_part.done",
                    "response.output_text.done", "response.function_call_arguments.done", "response.completed",
                    "response.incomplete", "response.failed", "error")
            .map(ByteString::encodeUtf8).toList();

    private final LineReader lines;
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
     * The event's name: one of the names the model APIs use is not made again for every event (they
     * name every event, from a handful of names); any other is read as it comes.
     */
    private static String eventName(Buffer line, long length) throws IOException {
        for (ByteString known : KNOWN_NAMES) {
            if (known.size() == length && line.rangeEquals(0, known)) {
                line.skip(length);
                return known.utf8();
            }
        }
        return line.readUtf8(length);
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
