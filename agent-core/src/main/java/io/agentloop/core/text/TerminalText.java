package io.agentloop.core.text;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Text from outside (a model, a tool, a provider's error, an MCP server, a collector, a plugin's
 * message) made safe to write to a terminal: every control character is shown, never obeyed. An
 * escape sequence could clear the screen ({@code ESC[2J}), move the cursor over what was printed,
 * retitle the window or write to the clipboard ({@code ESC]52}); a carriage return or backspaces
 * could print over a line; the bidirectional overrides reorder what is read. Line feeds and tabs
 * stay; a carriage return is dropped (a CRLF becomes an LF); {@code ESC} is shown as {@code ^[},
 * the rest of the C0 and C1 controls and {@code DEL} as {@code \xNN}, the bidi controls as
 * {@code \\uNNNN}. The launcher's views call {@link #printable(String)} on each piece of outside
 * text they show in their own styles; its standard error is wrapped whole ({@link #stream}), as
 * nothing it writes there is styled.
 */
public final class TerminalText {
    private TerminalText() {
    }

    /** {@code text} with its control characters shown, not obeyed. */
    public static String printable(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = control(c);
            if (control && out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (out != null) {
                if (control) {
                    out.append(shown(c));
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }

    private static boolean control(char c) {
        return c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 && c < 0xa0
                || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
    }

    private static String shown(char c) {
        return c == 0x1b ? "^[" : c == '\r' ? "" : c > 0xff ? String.format("\\u%04x", (int) c)
                : String.format("\\x%02x", (int) c);
    }

    /**
     * {@code out} (UTF-8) with what is written through it made {@link #printable}: for a stream
     * that carries only text from others, such as a launcher's standard error, where plugins, the
     * logging and error messages all write. A character split across writes is put together first.
     */
    public static OutputStream stream(OutputStream out) {
        return new Printable(out);
    }

    /** UTF-8 bytes in, printable bytes out: whole characters are judged, however the writes cut them. */
    private static final class Printable extends FilterOutputStream {
        private final byte[] pending = new byte[4];
        private int held;
        private int needed;

        Printable(OutputStream out) {
            super(out);
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (held == 0) {
                needed = length(b);
                if (needed == 1) {
                    if (b < 0x80 && control((char) b)) {
                        out.write(shown((char) b).getBytes(StandardCharsets.US_ASCII));
                    } else {
                        out.write(b);
                    }
                    return;
                }
            } else if ((b & 0xc0) != 0x80) {
                flushHeld(); // a broken sequence: pass what was held as it came, and judge b afresh
                write(b);
                return;
            }
            pending[held++] = (byte) b;
            if (held == needed) {
                String character = new String(pending, 0, held, StandardCharsets.UTF_8);
                out.write(printable(character).getBytes(StandardCharsets.UTF_8));
                held = 0;
            }
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
            for (int i = offset; i < offset + length; i++) {
                write(bytes[i] & 0xff);
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            out.flush();
        }

        private void flushHeld() throws IOException {
            out.write(pending, 0, held);
            held = 0;
        }

        /** How many bytes the UTF-8 sequence that starts with {@code b} has (1 for anything else). */
        private static int length(int b) {
            return b >= 0xc0 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf8 ? 4 : 1;
        }
    }
}
