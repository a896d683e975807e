package io.agentloop.providers.http;

import java.io.IOException;
import okio.Buffer;
import okio.BufferedSource;
import okio.ByteString;

/**
 * Cuts a body into lines of at most a given number of bytes, pulling only as much as it needs: a
 * line that goes past the limit fails with {@link ResponseTooLargeException} once the limit is
 * passed, before the rest of it is read (a compressed body can inflate to gigabytes on one line).
 */
final class LineReader {
    private static final ByteString CR_OR_LF = ByteString.encodeUtf8("\r\n");

    private final BufferedSource source;
    private final long maxLineBytes;
    private final boolean loneCrEnds;
    private final String setting;

    /**
     * @param loneCrEnds whether a CR on its own ends a line (server-sent events) or only LF does, with a
     *                   CR before it dropped (newline-delimited JSON)
     * @param setting    the setting that holds {@code maxLineBytes}, named when a line is too long
     */
    LineReader(BufferedSource source, long maxLineBytes, boolean loneCrEnds, String setting) {
        this.source = source;
        this.maxLineBytes = maxLineBytes;
        this.loneCrEnds = loneCrEnds;
        this.setting = setting;
    }

    /** One line without its terminator, or null at the end of the body. Blocks until one is complete. */
    String next() throws IOException {
        Buffer buffer = source.getBuffer();
        long scanned = 0;
        while (true) {
            long end = loneCrEnds ? buffer.indexOfElement(CR_OR_LF, scanned) : buffer.indexOf((byte) '\n', scanned);
            if (end >= 0) {
                return line(buffer, end);
            }
            if (buffer.size() > maxLineBytes) {
                throw new ResponseTooLargeException("a line of the streamed response", maxLineBytes, setting);
            }
            scanned = buffer.size();
            // Waits for at least one more byte, takes what has arrived, and never more than a segment at a time.
            if (!source.request(scanned + 1)) {
                if (scanned == 0) {
                    return null;
                }
                return buffer.readUtf8();
            }
        }
    }

    private String line(Buffer buffer, long end) throws IOException {
        if (end > maxLineBytes) {
            throw new ResponseTooLargeException("a line of the streamed response", maxLineBytes, setting);
        }
        String line = buffer.readUtf8(end);
        byte terminator = buffer.readByte();
        if (terminator == '\r' && source.request(1) && buffer.getByte(0) == '\n') {
            buffer.skip(1);
        }
        if (!loneCrEnds && line.endsWith("\r")) {
            line = line.substring(0, line.length() - 1);
        }
        return line;
    }
}
