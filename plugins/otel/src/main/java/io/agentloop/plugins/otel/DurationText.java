package io.agentloop.plugins.otel;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as the launcher takes them in settings: {@code 500ms}, {@code 30s}, {@code 1.5s},
 * {@code 2m}, {@code 1h}, or ISO {@code PT30S}; a plain number is seconds.
 */
final class DurationText {
    private static final Pattern SHORT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    private DurationText() {
    }

    /** The duration, or empty when the text is not one or not above zero. */
    static Optional<Duration> parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        Matcher matcher = SHORT.matcher(t);
        Duration d;
        if (matcher.matches()) {
            BigDecimal n = new BigDecimal(matcher.group(1));
            long millisPerUnit = switch (matcher.group(2) == null ? "s" : matcher.group(2)) {
                case "ms" -> 1;
                case "s" -> 1_000;
                case "m" -> 60_000;
                default -> 3_600_000;
            };
            d = Duration.ofMillis(n.multiply(BigDecimal.valueOf(millisPerUnit)).longValue());
        } else {
            try {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        }
        return d.isNegative() || d.isZero() ? Optional.empty() : Optional.of(d);
    }

    /** {@code 200ms}, {@code 5s}, {@code 1.5s}, {@code 2m}: as a person would write it in a setting. */
    static String words(Duration duration) {
        long millis = duration.toMillis();
        if (millis % 60_000 == 0 && millis > 0) {
            return millis / 60_000 + "m";
        }
        if (millis >= 1_000) {
            return BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString() + "s";
        }
        return millis + "ms";
    }
}
