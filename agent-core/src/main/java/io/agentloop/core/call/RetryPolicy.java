package io.agentloop.core.call;

import io.agentloop.api.model.RetryClassifier;
import io.agentloop.api.run.RunOptions;
import java.time.Duration;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * Which failures are tried again ({@link RetryClassifier}) and how long to wait before retry
 * number {@code n}: exponential backoff from the first delay, doubling, capped, with ±10% jitter
 * so many clients do not retry in step. A server's own {@code retry-after} wins (capped at
 * {@link #MAX_RETRY_AFTER}).
 *
 * @param random uniform values in [0, 1); injectable so tests get exact delays
 */
public record RetryPolicy(int maxRetries, Duration initialDelay, Duration maxDelay, double jitter,
                          DoubleSupplier random, RetryClassifier classifier) {
    /** The longest wait a server's retry-after can ask for. */
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
        if (retryAfter.isPresent() && !retryAfter.get().isNegative()) {
            Duration asked = retryAfter.get();
            return asked.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : asked;
        }
        double base = initialDelay.toNanos() * Math.pow(2, retry - 1);
        double capped = Math.min(base, maxDelay.toNanos());
        double jittered = capped * (1 + jitter * (2 * random.getAsDouble() - 1));
        return Duration.ofNanos((long) Math.min(jittered, maxDelay.toNanos()));
    }
}
