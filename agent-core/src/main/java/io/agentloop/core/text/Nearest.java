package io.agentloop.core.text;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * The known name a misspelled one most likely meant, for "did you mean" in error messages.
 * Distance counts inserted, removed, replaced and swapped neighbouring letters; a name further
 * than a third of its length (at least one letter) from every candidate gets no suggestion, since
 * a far-fetched guess misleads more than none.
 */
public final class Nearest {
    private Nearest() {
    }

    /** The candidate closest to {@code word}, when one is close enough to be what was meant. */
    public static Optional<String> to(String word, Collection<String> candidates) {
        int allowed = Math.max(1, word.length() / 3);
        return candidates.stream().filter(c -> !c.equals(word))
                .map(c -> new Scored(c, distance(word, c))).filter(s -> s.distance() <= allowed)
                .min(Comparator.comparingInt(Scored::distance)).map(Scored::name);
    }

    private record Scored(String name, int distance) {
    }

    /** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
