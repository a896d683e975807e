package io.agentloop.launcher;

import java.util.Locale;
import java.util.Set;

/**
 * The first sentence of a tool's description, for the default system prompt's tool list. A period
 * ends a sentence only when a capital letter (or the end of the text) follows and the word before
 * it is no abbreviation: {@code "Find files by name, e.g. **}{@code /*.java. A pattern..."} keeps
 * its example.
 */
final class FirstSentence {
    private static final Set<String> ABBREVIATIONS = Set.of("e.g", "i.e", "etc", "vs", "cf", "approx", "incl");

    private FirstSentence() {
    }

    /** The text up to and including the period that ends its first sentence; its first line when none does. */
    static String of(String text) {
        String stripped = text.strip();
        String firstLine = stripped.lines().findFirst().orElse("");
        for (int i = 0; i < firstLine.length(); i++) {
            if (firstLine.charAt(i) == '.' && endsSentence(firstLine, i)) {
                return firstLine.substring(0, i + 1);
            }
        }
        return firstLine;
    }

    private static boolean endsSentence(String line, int period) {
        int next = period + 1;
        if (next < line.length() && (line.charAt(next) != ' ' || !startsSentence(line, next + 1))) {
            return false;
        }
        int start = line.lastIndexOf(' ', period - 1) + 1;
        String word = line.substring(start, period).replaceFirst("^\\(", "");
        return !ABBREVIATIONS.contains(word.toLowerCase(Locale.ROOT));
    }

    private static boolean startsSentence(String line, int at) {
        return at >= line.length() || Character.isUpperCase(line.charAt(at)) || Character.isDigit(line.charAt(at));
    }
}
