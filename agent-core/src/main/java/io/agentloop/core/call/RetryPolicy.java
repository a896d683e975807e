package io.agentloop.core.call;

import io.agentloop.api.model.RetryClassifier;
import io.agentloop.api.run.RunOptions;
import java.time.Duration;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * Which failures are tried again ({@link RetryClassifier}) and how long to wait before retry
 * number {@code n}: exponential backoff from the first delay, doubling, capped, with ±10% jitter
 * so many clients do not retry in step. A server's own {@code retry-after} wins when it asks for at
 * most {@link #MAX_RETRY_AFTER}; a longer one (an hour when a quota runs out) is set aside for the
 * backoff, as the official SDKs do, so a run neither waits that long nor sits silent for a minute.
 *
 * @param random uniform values in [0, 1); injectable so tests get exact delays
 */
public record RetryPolicy(int maxRetries, Duration initialDelay, Duration maxDelay, double jitter,
                          DoubleSupplier random, RetryClassifier classifier) {
    /** The longest wait of a server's retry-after that is honoured. */
    public static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);

    /** With the standard classifier. */
    public RetryPolicy(int maxRetries, Duration initialDelay, Duration maxDelay, double jitter, DoubleSupplier random) {
        this(maxRetries, initialDelay, maxDelay, jitter, random, StandardRetryClassifier.INSTANCE);
    }

    public static RetryPolicy from(RunOptions options, DoubleSupplier random, RetryClassifier classifier) {
        return new RetryPolicy(options.maxRetries(), options.retryInitialDelay(), options.retryMaxDelay(), 0.1, random,
                classifier);
    }

    /** The wait before retry {@code retry} (1 for the first retry). */
    public Duration delay(int retry, Optional<Duration> retryAfter) {
        if (honours(retryAfter)) {
            return retryAfter.get();
        }
        double base = initialDelay.toNanos() * Math.pow(2, retry - 1);
        double capped = Math.min(base, maxDelay.toNanos());
        double jittered = capped * (1 + jitter * (2 * random.getAsDouble() - 1));
        return Duration.ofNanos((long) Math.min(jittered, maxDelay.toNanos()));
    }

    /** Whether the server's wait is the one taken: present, not negative, at most {@link #MAX_RETRY_AFTER}. */
    public boolean honours(Optional<Duration> retryAfter) {
        return retryAfter.isPresent() && !retryAfter.get().isNegative()
                && retryAfter.get().compareTo(MAX_RETRY_AFTER) <= 0;
    }

    /**
     * What to add to the retry's cause when the server asked for a wait that is set aside, so the
     * person watching knows what the provider said (empty when nothing was set aside).
     */
    public String setAside(Optional<Duration> retryAfter) {
        if (retryAfter.isEmpty() || retryAfter.get().isNegative() || honours(retryAfter)) {
            return "";
        }
        return " (the provider asked to wait " + retryAfter.get().toSeconds() + " s, more than "
                + MAX_RETRY_AFTER.toSeconds() + " s: retrying sooner on the usual backoff)";
    }
}
