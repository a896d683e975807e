package io.agentloop.tools.shell;

import io.agentloop.api.tool.ToolContext;
import io.agentloop.tools.output.MaskedCut;
import io.agentloop.tools.output.PrivateKeyLines;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Shows a command's output while it runs ({@link ToolContext#output}): what it printed is published
 * a read at a time, as whole lines (ended by a line feed or a carriage return, so a progress bar
 * redrawn in place shows too), each masked as the result will be: key blocks line by line
 * ({@link PrivateKeyLines}, since a block's lines arrive apart), then the context's mask. A line
 * longer than {@link #LONGEST} characters is shown up to there, masked before the cut, and its rest
 * only in the result; after {@link #MOST} characters, nothing more is shown. When no one listens ({@link ToolContext#outputWanted()} false) nothing is
 * kept or decoded. Fed by the one thread that drains the output.
 */
final class LiveLines {
    /** The longest piece of a line shown before its end has come. */
    static final int LONGEST = 8192;
    /** The bytes of a line held before its start is shown: enough for the mask to see past the cut. */
    private static final int HELD = (LONGEST + MaskedCut.CONTEXT) * 4;
    private static final String CUT = " [... the rest of this long line is not shown here]";
    /**
     * The most characters of a command's output shown while it runs: whoever shows them may keep
     * them all (a served run keeps its events for its life), while the result keeps only a cap.
     */
    static final long MOST = 1_000_000;
    static final String ENOUGH = "[... the rest of the output is not shown while the command runs; the result "
            + "keeps its start and end]\n";

    private final ToolContext context;
    private final boolean shown;
    private final PrivateKeyLines keys = new PrivateKeyLines();
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    /** A line longer than {@link #LONGEST} was shown in part: its rest is skipped to its end. */
    private boolean skipping;
    private long published;

    LiveLines(ToolContext context) {
        this.context = context;
        this.shown = context.outputWanted();
    }

    /** The next bytes the command printed: the whole lines among them (and before them) are shown. */
    void accept(byte[] bytes, int length) {
        if (!shown || published >= MOST) {
            return;
        }
        int lastEnd = -1;
        for (int i = length - 1; i >= 0; i--) {
            if (bytes[i] == '\n' || bytes[i] == '\r') {
                lastEnd = i;
                break;
            }
        }
        if (lastEnd >= 0) {
            hold(bytes, 0, lastEnd + 1);
            if (pending.size() > 0) {
                show(pending.toString(StandardCharsets.UTF_8));
            }
            pending.reset();
            skipping = false;
        }
        hold(bytes, lastEnd + 1, length - lastEnd - 1);
        if (pending.size() >= HELD) {
            // enough of a line without its end to mask its start as the whole line would be masked
            String line = keys.next(pending.toString(StandardCharsets.UTF_8));
            publish(MaskedCut.head(line, LONGEST, context::redact) + CUT + "\n");
            pending.reset();
            skipping = true;
        }
    }

    /** The output ended: a last line without its line break is shown as it is. */
    void finish() {
        if (shown && pending.size() > 0 && !skipping && published < MOST) {
            show(pending.toString(StandardCharsets.UTF_8));
        }
        pending.reset();
    }

    /** Keeps bytes until their line ends; those of a line already shown in part are dropped. */
    private void hold(byte[] bytes, int from, int length) {
        if (skipping) {
            int end = lineEnd(bytes, from, length);
            if (end < 0) {
                return;
            }
            skipping = false;
            length -= end + 1 - from;
            from = end + 1;
        }
        pending.write(bytes, from, length);
    }

    private static int lineEnd(byte[] bytes, int from, int length) {
        for (int i = from; i < from + length; i++) {
            if (bytes[i] == '\n' || bytes[i] == '\r') {
                return i;
            }
        }
        return -1;
    }

    /** Masks whole lines and publishes them as one piece. */
    private void show(String lines) {
        StringBuilder masked = new StringBuilder(lines.length());
        int start = 0;
        while (start < lines.length()) {
            int end = start;
            while (end < lines.length() && lines.charAt(end) != '\n' && lines.charAt(end) != '\r') {
                end++;
            }
            String line = lines.substring(start, end);
            masked.append(line.length() > LONGEST ? MaskedCut.head(keys.next(line), LONGEST, context::redact)
                    + CUT : keys.next(line));
            int next = Math.min(lines.length(), end + 1);
            masked.append(lines, end, next);
            start = next;
        }
        publish(context.redact(masked.toString()));
    }

    /** Publishes a masked piece, and once the output shown reaches {@link #MOST}, says that the rest is not. */
    private void publish(String piece) {
        context.output(piece);
        published += piece.length();
        if (published >= MOST) {
            context.output(ENOUGH);
        }
    }
}
