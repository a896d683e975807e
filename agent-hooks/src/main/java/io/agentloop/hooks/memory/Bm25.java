package io.agentloop.hooks.memory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Okapi BM25 ranking over short documents: a query term counts more the rarer it is among the
 * documents (inverse document frequency), with diminishing returns for repeats (k1) and a
 * correction for long documents (b). Words are lower-cased, common words dropped and plural or
 * verb endings trimmed, so "deploys" matches "deploy" and "the" matches nothing.
 */
final class Bm25 {
    private static final double K1 = 1.2;
    private static final double B = 0.75;
    private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "and", "or", "of", "to", "in", "on", "for",
            "is", "are", "was", "were", "be", "it", "its", "this", "that", "with", "as", "at", "by", "we", "our", "you",
            "your", "i", "my", "me", "do", "does", "did", "what", "which", "how", "should", "can", "from", "use", "uses");

    private Bm25() {
    }

    static List<String> terms(String text) {
        List<String> terms = new ArrayList<>();
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (word.isEmpty() || STOP_WORDS.contains(word)) {
                continue;
            }
            terms.add(stem(word));
        }
        return terms;
    }

    static String stem(String word) {
        if (word.length() > 4 && word.endsWith("ies")) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.length() > 5 && word.endsWith("ing")) {
            return word.substring(0, word.length() - 3);
        }
        if (word.length() > 4 && word.endsWith("ed")) {
            return word.substring(0, word.length() - 2);
        }
        if (word.length() > 3 && word.endsWith("s") && !word.endsWith("ss")) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }

    /** Scores each document (its terms) for the query; the scores are in document order. */
    static double[] scores(List<List<String>> documents, List<String> query) {
        int n = documents.size();
        double[] scores = new double[n];
        if (n == 0 || query.isEmpty()) {
            return scores;
        }
        Map<String, Integer> documentFrequency = new HashMap<>();
        double totalLength = 0;
        for (List<String> document : documents) {
            totalLength += document.size();
            for (String term : Set.copyOf(document)) {
                documentFrequency.merge(term, 1, Integer::sum);
            }
        }
        double averageLength = Math.max(1, totalLength / n);
        for (int d = 0; d < n; d++) {
            List<String> document = documents.get(d);
            Map<String, Integer> frequency = new HashMap<>();
            document.forEach(term -> frequency.merge(term, 1, Integer::sum));
            double score = 0;
            for (String term : Set.copyOf(query)) {
                int f = frequency.getOrDefault(term, 0);
                if (f == 0) {
                    continue;
                }
                int df = documentFrequency.get(term);
                double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
                score += idf * f * (K1 + 1) / (f + K1 * (1 - B + B * document.size() / averageLength));
            }
            scores[d] = score;
        }
        return scores;
    }
}
