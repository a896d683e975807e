package io.agentloop.launcher;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where {@code agentloop stats --since} starts: a time back from now ({@code 7d}, {@code 24h},
 * {@code 30m}, or any duration the configuration takes), or a date ({@code 2026-11-01}, from the
 * start of that day here) or date and time ({@code 2026-11-01T09:30}, or with an offset).
 */
final class Since {
    static final String FORMS = "a time back from now such as 7d, 24h or 30m, or a date such as 2026-11-01 "
            + "(or 2026-11-01T09:30)";
    private static final Pattern DAYS = Pattern.compile("(\\d{1,6})\\s*d");

    private Since() {
    }

    /**
     * @throws IllegalArgumentException naming the text and the forms taken
     */
    static Instant parse(String text, Instant now, ZoneId zone) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        Matcher days = DAYS.matcher(t);
        Optional<Duration> back = days.matches() ? Optional.of(Duration.ofDays(Long.parseLong(days.group(1))))
                .filter(d -> !d.isZero()) : DurationText.parse(t);
        if (back.isPresent()) {
            return now.minus(back.get());
        }
        try {
            if (t.length() == 10) {
                return LocalDate.parse(t).atStartOfDay(zone).toInstant();
            }
            if (t.endsWith("z") || t.matches(".*[+-]\\d\\d:\\d\\d")) {
                return OffsetDateTime.parse(t.toUpperCase(Locale.ROOT)).toInstant();
            }
            return LocalDateTime.parse(t.toUpperCase(Locale.ROOT)).atZone(zone).toInstant();
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("--since must be " + FORMS + ", not '" + text + "'");
        }
    }
}
