package io.agentloop.api.model;

import java.util.Objects;
import java.util.UUID;

/**
 * Which attempt of one logical model call a {@link ChatModel#stream(ChatRequest,
 * io.agentloop.api.CancellationSignal, CallAttempt)} call is. The platform retries a failed call by
 * streaming again with the same key and the next number, so a provider can send the key with every
 * attempt and a server that deduplicates requests recognises a retry of a request it already ran
 * (and does not bill or run it twice).
 *
 * <pre>{@code
 * CallAttempt first = CallAttempt.first();   // a new call
 * CallAttempt retry = first.next();           // same key, retry 1
 * }</pre>
 *
 * @param idempotencyKey the same for every attempt of one call and different for every call; never
 *                       blank
 * @param retry          0 for the first attempt, 1 for the first retry, and so on
 */
public record CallAttempt(String idempotencyKey, int retry) {
    public CallAttempt {
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        if (idempotencyKey.isBlank()) {
            throw new IllegalArgumentException("a call attempt's idempotency key must not be blank");
        }
        if (retry < 0) {
            throw new IllegalArgumentException("a call attempt's retry number must be 0 or more, was " + retry);
        }
    }

    /** The first attempt of a new call, with a fresh key: a prefix and a random UUID, as the SDKs make theirs. */
    public static CallAttempt first() {
        return new CallAttempt("agentloop-retry-" + UUID.randomUUID(), 0);
    }

    /** The next attempt of the same call. */
    public CallAttempt next() {
        return new CallAttempt(idempotencyKey, retry + 1);
    }
}
