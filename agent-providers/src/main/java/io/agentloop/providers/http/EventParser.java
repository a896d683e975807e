package io.agentloop.providers.http;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.Consumer;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;

/**
 * One JSON parser for all the events of a streamed response, each event's data read as the next
 * value of one stream of values: a parser is made once per response rather than once per event (a
 * parser costs more memory than the small event it reads). Each event must hold one value at most;
 * anything after it is an error of that event, not the start of the next one. Not thread-safe: one
 * per decoder, used by the thread that reads the response. {@link #close()} it when the response
 * ends, so its buffers go back to the pool.
 */
public final class EventParser implements AutoCloseable {
    private final Feed feed = new Feed();
    private final OutputStream rest = new OutputStream() {
        @Override
        public void write(int b) {
            requireSpace(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                requireSpace(bytes[i]);
            }
        }
    };
    private JsonParser parser;

    /**
     * Reads one event's data: {@code reader} gets the parser positioned before the data's value (see
     * {@link JsonRead#document}) and reads that value whole.
     *
     * @throws tools.jackson.core.JacksonException when the value is malformed, or more than whitespace
     *                                             follows it
     */
    public void read(byte[] data, Consumer<JsonParser> reader) {
        feed.set(data);
        if (parser == null) {
            parser = JsonRead.parser(feed);
        }
        try {
            reader.accept(parser);
            JsonToken last = parser.currentToken();
            if (last != JsonToken.END_OBJECT && last != JsonToken.END_ARRAY) {
                // No value, or a lone scalar: the parser met the end of this event's input looking for
                // more, and takes no further input after that. The next event gets a new one.
                close();
                return;
            }
            parser.releaseBuffered(rest);
            while (feed.available() > 0) {
                requireSpace(feed.read());
            }
        } catch (RuntimeException e) {
            // Whatever the parser holds of this event is no start for the next one.
            close();
            throw e;
        }
    }

    private void requireSpace(int b) {
        if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
            throw new StreamReadException(parser, "the event holds more than one JSON value");
        }
    }

    @Override
    public void close() {
        if (parser != null) {
            JsonParser closing = parser;
            parser = null;
            closing.close();
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
        public int available() {
            return data.length - position;
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
