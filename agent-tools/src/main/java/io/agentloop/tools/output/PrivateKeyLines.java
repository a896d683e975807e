package io.agentloop.tools.output;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks the lines of private key blocks in a file read line by line, for views that show lines
 * apart from their neighbours ({@code grep}'s matches, a {@code read} window far into a long
 * block). The redactor knows a key by its whole block, {@code BEGIN} to {@code END}; a base64 line
 * from the middle of a key, shown alone, looks like any other base64 and would be shown as it is.
 * So the file's lines are fed in order, from its first, and every line between a
 * {@code -----BEGIN ... PRIVATE KEY-----} and its {@code END} line comes back as the mask (the
 * marker lines themselves are kept, with whatever key text shares their line masked).
 *
 * <pre>{@code
 * PrivateKeyLines keys = new PrivateKeyLines();
 * for (String line : lines) { String shown = keys.next(line); ... }
 * }</pre>
 */
public final class PrivateKeyLines {
    public static final String MASK = "[REDACTED]";
    private static final Pattern BEGIN = Pattern.compile("-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----");
    private static final Pattern END = Pattern.compile("-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----");

    private boolean inside;

    /** The next line of the file as it may be shown. */
    public String next(String line) {
        if (!inside) {
            Matcher begin = BEGIN.matcher(line);
            if (!begin.find()) {
                return line;
            }
            String after = line.substring(begin.end());
            Matcher end = END.matcher(after);
            if (end.find()) {
                // a whole block on one line: the redactor masks it; what follows may open another
                return line.substring(0, begin.end()) + masked(after.substring(0, end.start()))
                        + after.substring(end.start(), end.end()) + next(after.substring(end.end()));
            }
            inside = true;
            return line.substring(0, begin.end()) + masked(after);
        }
        Matcher end = END.matcher(line);
        if (!end.find()) {
            return MASK;
        }
        inside = false;
        return masked(line.substring(0, end.start())) + line.substring(end.start(), end.end())
                + next(line.substring(end.end()));
    }

    private static String masked(String keyText) {
        return keyText.isBlank() ? keyText : MASK;
    }
}
