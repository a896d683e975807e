package io.agentloop.server.backend;

import java.time.Duration;
import java.util.Optional;

/**
 * A request the server refuses, with the HTTP status and a message for the client that names what
 * was wrong and what to do. Thrown before anything is created, so a refused request leaves nothing.
 */
public final class RequestException extends RuntimeException {
    private final int status;
    private final Optional<Duration> retryAfter;

    public RequestException(int status, String message) {
        this(status, message, Optional.empty());
    }

    public RequestException(int status, String message, Optional<Duration> retryAfter) {
        super(message);
        this.status = status;
        this.retryAfter = retryAfter;
    }

    /** 400 bad request. */
    public static RequestException badRequest(String message) {
        return new RequestException(400, message);
    }

    /** 404: {@code what} does not exist. */
    public static RequestException notFound(String message) {
        return new RequestException(404, message);
    }

    /** 413: the body is longer than {@code limit} bytes, whether its length was declared or it came in chunks. */
    public static RequestException tooLarge(long limit) {
        return new RequestException(413, "the request body is larger than the server takes (" + limit
                + " bytes): send less");
    }

    /** 409: the request is right but the state does not allow it now. */
    public static RequestException conflict(String message) {
        return new RequestException(409, message);
    }

    public int status() {
        return status;
    }

    /** For a 429: when to try again. */
    public Optional<Duration> retryAfter() {
        return retryAfter;
    }
}
