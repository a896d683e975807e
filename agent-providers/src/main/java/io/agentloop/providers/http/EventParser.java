package io.agentloop.providers.http;

import java.io.InputStream;
import tools.jackson.core.JsonParser;

/**
 * One JSON parser for all the events of a streamed response, each event's data read as the next
 * value of one stream of values: a parser is made once per response rather than once per event (a
 * parser costs more memory than the small event it reads). Not thread-safe: one per decoder.
 * {@link #close()} it when the response ends, so its buffers go back to the pool.
 */
public final class EventParser implements AutoCloseable {
    private final Feed feed = new Feed();
    private JsonParser parser;

    /**
     * The parser, positioned before the first token of {@code data}, one JSON value. Read that value
     * whole (as {@link JsonRead#document} does) before asking for the next event's.
     */
    public JsonParser next(byte[] data) {
        feed.set(data);
        // A parser that met the end of its input (an event that held no value) has closed itself.
        if (parser == null || parser.isClosed()) {
            parser = JsonRead.parser(feed);
        }
        return parser;
    }

    @Override
    public void close() {
        if (parser != null) {
            parser.close();
            parser = null;
        }
    }

    /** The current event's bytes; then the end of input, until the next event's are set. */
    private static final class Feed extends InputStream {
        private byte[] data = new byte[0];
        private int position;

        void set(byte[] next) {
            data = next;
            position = 0;
        }

        @Override
        public int read() {
            return position < data.length ? data[position++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            int available = data.length - position;
            if (available <= 0) {
                return -1;
            }
            int count = Math.min(available, length);
            System.arraycopy(data, position, into, offset, count);
            position += count;
            return count;
        }
    }
}
