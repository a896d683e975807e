package io.agentloop.launcher;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Writing the report's HTML: every text that is not the page's own goes through {@link #text},
 * which masks secrets and then escapes it for element content and quoted attribute values alike,
 * so a model's or a tool's markup is shown as the characters it is. Numbers and durations as the
 * report writes them.
 */
final class ReportHtml {
    private final StringBuilder page = new StringBuilder(64 * 1024);
    private final UnaryOperator<String> redact;

    ReportHtml(UnaryOperator<String> redact) {
        this.redact = redact;
    }

    /** The page's own markup, written as it is. */
    ReportHtml raw(String markup) {
        page.append(markup);
        return this;
    }

    /** Text from a session or a run, masked and escaped. */
    ReportHtml text(String text) {
        page.append(escape(redact.apply(text)));
        return this;
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** At most {@code max} characters of {@code text}, saying how many more there were. */
    static String excerpt(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "\n[... " + (text.length() - end) + " more characters]";
    }

    static String millis(double millis) {
        if (millis < 0) {
            return "?";
        }
        if (millis < 10) {
            return String.format(Locale.ROOT, "%.1f ms", millis);
        }
        if (millis < 1000) {
            return String.format(Locale.ROOT, "%.0f ms", millis);
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000);
        }
        long seconds = Math.round(millis / 1000);
        return String.format(Locale.ROOT, "%d min %d s", seconds / 60, seconds % 60);
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** The Content-Security-Policy source of an inline script: only that exact script runs. */
    static String scriptHash(String script) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8));
            return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return page.toString();
    }
}
