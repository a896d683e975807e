package io.agentloop.core.secret;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets in tool results before the model sees them, and in text bound for logs, event
 * output, traces, audit and session files: values shaped like
 * well-known keys (the same shapes the workspace keeps out of child processes), bearer tokens, JSON
 * web tokens, private key blocks, the value after a secret-looking name ({@code api_key=...},
 * {@code "password": "..."}), and the exact values of environment variables whose names say they
 * hold credentials.
 */
public final class SecretRedactor implements UnaryOperator<String> {
    public static final String MASK = "[REDACTED]";
    private static final Pattern SHAPES = Pattern.compile(String.join("|",
            "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----",
            SecretEnvironment.SECRET_VALUE.pattern(),
            "eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}"));
    /**
     * The start of a key block whose end is not in the text ({@code head -5 key.pem}): the BEGIN
     * line, any header lines, and the whole lines of base64 that follow it. Possessive, so each
     * BEGIN is looked at once.
     */
    private static final Pattern KEY_START = Pattern.compile("-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----"
            + "(?:[ \\t]*\\r?\\n[A-Za-z-]++: [^\\n]*+)*+(?:[ \\t]*\\r?\\n[A-Za-z0-9+/=]++(?=\\r?\\n|\\z))++");
    private static final Pattern KEY_END = Pattern.compile("-----END [A-Z0-9 ]*PRIVATE KEY-----");
    private static final Pattern BASE64_LINE = Pattern.compile("[A-Za-z0-9+/=]+\\r?");
    private static final Pattern AFTER_NAME = Pattern.compile(
            "(?i)((?:bearer\\s+)|(?:api[_-]?key|apikey|secret|token|password|passwd|auth[_-]?token|access[_-]?key)"
                    + "(?:\\\\?[\"'])?\\s*[:=]\\s*(?:\\\\?[\"'])?)([A-Za-z0-9._~+/=-]{8,})");

    private final List<String> knownValues;
    private final boolean afterNames;

    private SecretRedactor(List<String> knownValues, boolean afterNames) {
        this.knownValues = knownValues;
        this.afterNames = afterNames;
    }

    /** Masks shapes only. */
    public static SecretRedactor shapes() {
        return new SecretRedactor(List.of(), true);
    }

    /** Masks shapes and the values of this environment's credential variables (8 characters or more). */
    public static SecretRedactor of(Map<String, String> environment) {
        return new SecretRedactor(credentialValues(environment), true);
    }

    /**
     * For tool results bound for the model: the values of this environment's credential variables
     * and well-known key shapes, but not the value after a secret-looking name, which in source code
     * is code ({@code password = form.field("password")}): masking it would show the model a file
     * that is not on disk, and its edits would no longer match.
     */
    public static SecretRedactor forToolResults(Map<String, String> environment) {
        return new SecretRedactor(credentialValues(environment), false);
    }

    private static List<String> credentialValues(Map<String, String> environment) {
        List<String> values = new ArrayList<>();
        environment.forEach((name, value) -> {
            if (value != null && value.length() >= 8 && SecretEnvironment.secretName(name)) {
                values.add(value);
            }
        });
        values.sort(Comparator.comparingInt(String::length).reversed()); // longest first: no half-masked values
        return List.copyOf(values);
    }

    @Override
    public String apply(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = text;
        for (String value : knownValues) {
            if (out.contains(value)) {
                out = out.replace(value, MASK);
            }
        }
        out = SHAPES.matcher(out).replaceAll(MASK);
        if (out.contains("PRIVATE KEY-----")) {
            out = maskKeyEnds(KEY_START.matcher(out).replaceAll(MASK));
        }
        if (!afterNames) {
            return out;
        }
        Matcher named = AFTER_NAME.matcher(out);
        if (named.find()) {
            out = named.replaceAll(match -> Matcher.quoteReplacement(match.group(1) + MASK));
        }
        return out;
    }

    /**
     * The end of a key block whose start is not in the text ({@code tail -5 key.pem}): the base64
     * lines just before an END line that starts its line, with the END line, become the mask. Walked
     * back line by line from each END, so the text is read once.
     */
    private static String maskKeyEnds(String text) {
        Matcher end = KEY_END.matcher(text);
        StringBuilder out = null;
        int copied = 0;
        while (end.find()) {
            if (end.start() > 0 && text.charAt(end.start() - 1) != '\n') {
                continue;
            }
            int from = end.start();
            while (from > copied && from > 0) {
                int previous = text.lastIndexOf('\n', from - 2) + 1;
                if (previous < copied || !BASE64_LINE.matcher(text.substring(previous, from - 1)).matches()) {
                    break;
                }
                from = previous;
            }
            if (from < end.start()) {
                out = out == null ? new StringBuilder(text.length()) : out;
                out.append(text, copied, from).append(MASK);
                copied = end.end();
            }
        }
        return out == null ? text : out.append(text, copied, text.length()).toString();
    }
}
