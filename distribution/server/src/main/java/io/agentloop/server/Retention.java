package io.agentloop.server;

import java.time.Duration;
import java.util.Objects;

/**
 * How long the server keeps a finished run's record and events: a run that ended more than
 * {@code age} ago is forgotten, and of the rest only the {@code count} that ended last are kept. A run
 * going on or waiting is never forgotten; its session stays (the session store keeps sessions).
 *
 * @param age how long after its end a run is kept
 * @param count how many finished runs are kept at most
 */
public record Retention(Duration age, int count) {
    public static final Retention DEFAULT = new Retention(Duration.ofDays(30), 1000);

    /** @throws IllegalArgumentException when the age is not positive or the count is below 1 */
    public Retention {
        Objects.requireNonNull(age, "age");
        if (age.isNegative() || age.isZero() || count < 1) {
            throw new IllegalArgumentException("server.retention keeps runs for a positive age and at least 1 run, not "
                    + age + " and " + count);
        }
    }
}
