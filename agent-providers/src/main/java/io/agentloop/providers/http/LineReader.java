package io.agentloop.providers.http;

import java.io.IOException;
import okio.Buffer;
import okio.BufferedSource;
import okio.ByteString;

/**
 * Finds lines of at most a given number of bytes in a body, pulling only as much as it needs, and
 * leaves each line where it arrived, at the start of the source's buffer, for the caller to read in
 * place: no text is made of it unless the caller makes one. A line that goes past the limit fails
 * with {@link ResponseTooLargeException} once the limit is passed, before the rest of it is read (a
 * compressed body can inflate to gigabytes on one line).
 *
 * <p>Use: {@link #next()} gives the length of the next line; read or skip exactly that many bytes of
 * {@link #buffer()}; then {@link #endLine()}.
 */
final class LineReader {
    private static final ByteString CR_OR_LF = ByteString.encodeUtf8("\r\n");

    private final BufferedSource source;
    private final long maxLineBytes;
    private final boolean loneCrEnds;
    private final String setting;
    private boolean terminated;

    /**
     * @param loneCrEnds whether a CR on its own ends a line (server-sent events) or only LF does, with a
     *                   CR before it left in the line (newline-delimited JSON, where it is whitespace)
     * @param setting    the setting that holds {@code maxLineBytes}, named when a line is too long
     */
    LineReader(BufferedSource source, long maxLineBytes, boolean loneCrEnds, String setting) {
        this.source = source;
        this.maxLineBytes = maxLineBytes;
        this.loneCrEnds = loneCrEnds;
        this.setting = setting;
    }

    /** Where the line is: its bytes are the first ones of this buffer. */
    Buffer buffer() {
        return source.getBuffer();
    }

    /**
     * The length in bytes of the next line, without its terminator, or -1 at the end of the body.
     * Blocks until the line is complete (or the body ends, which ends the last line).
     */
    long next() throws IOException {
        Buffer buffer = source.getBuffer();
        long scanned = 0;
        while (true) {
            long end = loneCrEnds ? buffer.indexOfElement(CR_OR_LF, scanned) : buffer.indexOf((byte) '\n', scanned);
            if (end >= 0) {
                if (end > maxLineBytes) {
                    throw tooLarge();
                }
                terminated = true;
                return end;
            }
            if (buffer.size() > maxLineBytes) {
                throw tooLarge();
            }
            scanned = buffer.size();
            // Waits for at least one more byte, takes what has arrived, and never more than a segment at a time.
            if (!source.request(scanned + 1)) {
                terminated = false;
                return scanned == 0 ? -1 : scanned;
            }
        }
    }

    /** Skips the terminator of the line just read (call after its bytes were consumed). */
    void endLine() throws IOException {
        if (!terminated) {
            return;
        }
        Buffer buffer = source.getBuffer();
        byte terminator = buffer.readByte();
        if (terminator == '\r' && source.request(1) && buffer.getByte(0) == '\n') {
            buffer.skip(1);
        }
    }

    private ResponseTooLargeException tooLarge() {
        return new ResponseTooLargeException("a line of the streamed response", maxLineBytes, setting);
    }
}
