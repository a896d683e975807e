package io.agentloop.tools.shell;

import io.agentloop.tools.output.MaskedCut;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * Drains a process's output, keeping its beginning and its end within a byte cap (the middle of a
 * huge output is what the model needs least), and counting everything it saw. Each kept end holds
 * {@link MaskedCut#CONTEXT} bytes more than is shown, so that secrets are masked before the middle
 * is cut out: a key the cut would split is masked or left out, never shown in part.
 */
final class OutputCapture {
    private final int headCap;
    private final int tailCap;
    private final int headKept;
    private final int tailKept;
    private final ByteArrayOutputStream head = new ByteArrayOutputStream();
    private final byte[] tail;
    private int tailStart;
    private int tailLength;
    private long total;

    OutputCapture(int cap) {
        this.headCap = cap / 2;
        this.tailCap = cap - headCap;
        this.headKept = headCap + MaskedCut.CONTEXT;
        this.tailKept = tailCap + MaskedCut.CONTEXT;
        this.tail = new byte[tailKept];
    }

    /**
     * Reads until the stream ends (the process and everything holding its output have exited),
     * showing the output through {@code live} as it comes.
     */
    void drain(InputStream in, LiveLines live) throws IOException {
        byte[] buffer = new byte[8192];
        int n;
        try {
            while ((n = in.read(buffer)) >= 0) {
                append(buffer, n);
                live.accept(buffer, n);
            }
        } finally {
            live.finish();
        }
    }

    private synchronized void append(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            total++;
            if (head.size() < headKept) {
                head.write(bytes[i]);
            } else {
                tail[(tailStart + tailLength) % tailKept] = bytes[i];
                if (tailLength < tailKept) {
                    tailLength++;
                } else {
                    tailStart = (tailStart + 1) % tailKept;
                }
            }
        }
    }

    synchronized long total() {
        return total;
    }

    synchronized boolean truncated() {
        return total > (long) headCap + tailCap;
    }

    /**
     * The kept text with its secrets masked by {@code mask}; when bytes were dropped, a line in the
     * middle says how many.
     */
    synchronized String text(UnaryOperator<String> mask) {
        String start = new String(head.toByteArray(), StandardCharsets.UTF_8);
        byte[] endBytes = new byte[tailLength];
        for (int i = 0; i < tailLength; i++) {
            endBytes[i] = tail[(tailStart + i) % tailKept];
        }
        String end = new String(endBytes, StandardCharsets.UTF_8);
        if (!truncated()) {
            return mask.apply(start + end);
        }
        String shownStart;
        String shownEnd;
        if (total <= (long) headKept + tailKept) {
            // Everything is still here: cut the one text, with all of it as context.
            String all = start + end;
            int startChars = charsOfFirst(all, headCap);
            int endChars = Math.min(all.length() - startChars, charsOfLast(all, tailCap));
            shownStart = MaskedCut.between("", all.substring(0, startChars), all.substring(startChars), mask);
            shownEnd = MaskedCut.between(all.substring(0, all.length() - endChars),
                    all.substring(all.length() - endChars), "", mask);
        } else {
            shownStart = MaskedCut.head(start, charsOfFirst(start, headCap), mask);
            shownEnd = MaskedCut.tail(end, Math.min(end.length(), charsOfLast(end, tailCap)), mask);
        }
        long shownBytes = (long) shownStart.getBytes(StandardCharsets.UTF_8).length
                + shownEnd.getBytes(StandardCharsets.UTF_8).length;
        return shownStart + "\n[... " + Math.max(0, total - shownBytes) + " bytes of output left out ...]\n"
                + shownEnd;
    }

    /** How many characters at the start of {@code text} make up about its first {@code bytes} bytes. */
    private static int charsOfFirst(String text, int bytes) {
        int used = 0;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int size = utf8Size(cp);
            if (used + size > bytes) {
                break;
            }
            used += size;
            i += Character.charCount(cp);
        }
        return i;
    }

    /** How many characters at the end of {@code text} make up about its last {@code bytes} bytes. */
    private static int charsOfLast(String text, int bytes) {
        int used = 0;
        int i = text.length();
        while (i > 0) {
            int cp = text.codePointBefore(i);
            int size = utf8Size(cp);
            if (used + size > bytes) {
                break;
            }
            used += size;
            i -= Character.charCount(cp);
        }
        return text.length() - i;
    }

    private static int utf8Size(int codePoint) {
        return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    }
}
