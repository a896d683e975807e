package io.agentloop.launcher;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them in configuration: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h},
 * {@code 30d}, or ISO {@code PT30S}.
 */
final class DurationText {
    private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    private DurationText() {
    }

    /** The duration, or empty when the text is not one (or not positive). */
    static Optional<Duration> parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        Matcher short_ = SHORT.matcher(t);
        Duration d;
        if (short_.matches()) {
            long n = Long.parseLong(short_.group(1));
            d = switch (short_.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
        } else {
            try {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        }
        return d.isNegative() || d.isZero() ? Optional.empty() : Optional.of(d);
    }
}
