package io.agentloop.tools.output;

import java.util.function.UnaryOperator;

/**
 * Shortens tool output after masking its secrets, never before: a secret cut in two by a limit is
 * no longer recognised by the mask, and its visible part would reach the model (which picks the
 * offsets, so it can place the cut). The part kept is masked twice, once alone and once with the
 * text just beyond each cut ({@link #CONTEXT} characters); only what both agree on is kept, so
 * a secret crossing a cut (up to that length) is either masked or left out with what follows it.
 */
public final class MaskedCut {
    /** How much of the text beyond a cut is looked at: longer than any key, token or key block. */
    public static final int CONTEXT = 16_384;

    private MaskedCut() {
    }

    /** The first {@code keep} characters of {@code text}, masked (fewer where a secret crosses the cut). */
    public static String head(String text, int keep, UnaryOperator<String> mask) {
        if (text.length() <= keep) {
            return mask.apply(text);
        }
        return between("", text.substring(0, keep), text.substring(keep, (int) Math.min(text.length(),
                (long) keep + CONTEXT)), mask);
    }

    /** The last {@code keep} characters of {@code text}, masked (fewer where a secret crosses the cut). */
    public static String tail(String text, int keep, UnaryOperator<String> mask) {
        if (text.length() <= keep) {
            return mask.apply(text);
        }
        int cut = text.length() - keep;
        return between(text.substring(Math.max(0, cut - CONTEXT), cut), text.substring(cut), "", mask);
    }

    /**
     * {@code kept} masked, where it was cut out of a longer text: {@code before} and {@code after}
     * are (up to {@link #CONTEXT} characters of) the text on either side, empty where {@code kept}
     * reaches the text's start or end. A secret that crosses either cut is left out of the result,
     * with what lies between it and the cut.
     */
    public static String between(String before, String kept, String after, UnaryOperator<String> mask) {
        // Agreement from the front settles the end cut; agreement from the back, the start cut.
        String endSettled = commonPrefix(mask.apply(kept), after.isEmpty() ? null : mask.apply(kept + after));
        if (before.isEmpty()) {
            return endSettled;
        }
        String withBefore = commonPrefix(mask.apply(before + kept), after.isEmpty() ? null
                : mask.apply(before + kept + after));
        return commonSuffix(endSettled, withBefore);
    }

    /**
     * {@code kept} masked, where it is the start of {@code longer} cut short (or a rendering of that
     * start, such as the text of a cut HTML page): what it shares with {@code longer} masked.
     */
    public static String start(String kept, String longer, UnaryOperator<String> mask) {
        return commonPrefix(mask.apply(kept), mask.apply(longer));
    }

    private static String commonPrefix(String a, String b) {
        if (b == null) {
            return a;
        }
        int n = 0;
        int max = Math.min(a.length(), b.length());
        while (n < max && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return a.substring(0, n);
    }

    private static String commonSuffix(String a, String b) {
        int n = 0;
        int max = Math.min(a.length(), b.length());
        while (n < max && a.charAt(a.length() - 1 - n) == b.charAt(b.length() - 1 - n)) {
            n++;
        }
        return a.substring(a.length() - n);
    }
}
