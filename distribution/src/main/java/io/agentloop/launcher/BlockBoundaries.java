package io.agentloop.launcher;

import java.util.regex.Pattern;

/**
 * Finds where the whole Markdown blocks of a text that streams in end, reading each line once
 * (a long code block arrives in thousands of pieces). A fence at any indentation counts, so a
 * blank line inside code in a list item does not split it.
 */
final class BlockBoundaries {
    private static final Pattern HEADING = Pattern.compile(" {0,3}#{1,6}(\\s.*)?");

    /** Where the first line not read yet starts. */
    private int scanned;
    /** The open code fence, or null. */
    private String fence;
    private int end;

    /** Reads the lines completed since the last call; returns where the whole blocks end (0: none yet). */
    int scan(StringBuilder text) {
        for (int newline = text.indexOf("\n", scanned); newline >= 0; newline = text.indexOf("\n", scanned)) {
            String line = text.substring(scanned, newline);
            String trimmed = line.strip();
            if (fence == null) {
                if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
                    fence = trimmed.substring(0, fenceLength(trimmed));
                } else if (line.isBlank() || HEADING.matcher(line).matches()) {
                    end = newline + 1;
                }
            } else if (trimmed.startsWith(fence) && trimmed.substring(fenceLength(trimmed)).isBlank()) {
                fence = null;
                end = newline + 1;
            }
            scanned = newline + 1;
        }
        return end;
    }

    /** The text's first {@code count} characters were taken away. */
    void consumed(int count) {
        scanned -= count;
        end -= count;
    }

    void reset() {
        scanned = 0;
        fence = null;
        end = 0;
    }

    /**
     * Where the whole blocks of a Markdown text end: after its last blank line, heading line or
     * closing code fence that is not inside a code block; 0 when no block is whole yet.
     */
    static int wholeBlocksEnd(CharSequence text) {
        return new BlockBoundaries().scan(new StringBuilder(text));
    }

    private static int fenceLength(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == line.charAt(0)) {
            n++;
        }
        return n;
    }
}
