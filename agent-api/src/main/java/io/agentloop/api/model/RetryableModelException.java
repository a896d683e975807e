package io.agentloop.api.model;

import java.time.Duration;
import java.util.Optional;

/**
 * A transient failure: connection refused or reset, a timeout, HTTP 408, 409, 429, 5xx, 529, an
 * "overloaded" error inside a stream, a stream cut off before its end. The platform retries with
 * exponential backoff and jitter, or after {@link #retryAfter()} when the server said when.
 */
public final class RetryableModelException extends ModelException {
    private static final long serialVersionUID = 1L;
    private final transient Duration retryAfter;

    public RetryableModelException(String message) {
        this(message, null, null);
    }

    /**
     * @param retryAfter how long the server asked to wait ({@code retry-after-ms} or
     *                   {@code retry-after}), or null when it did not say
     */
    public RetryableModelException(String message, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.retryAfter = retryAfter;
    }

    /** The server's requested wait, if it sent one. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
