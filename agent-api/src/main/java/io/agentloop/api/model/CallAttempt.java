package io.agentloop.api.model;

import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

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

    /**
     * The first attempt of a new call, with a fresh key: a prefix and a random (version 4) UUID, as the
     * SDKs make theirs. The key only has to be unique, not secret, so it is drawn from the thread's own
     * generator: no lock shared by every call in flight, as the secure generator has.
     */
    public static CallAttempt first() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new CallAttempt("agentloop-retry-" + new UUID(high, low), 0);
    }

    /** The next attempt of the same call. */
    public CallAttempt next() {
        return new CallAttempt(idempotencyKey, retry + 1);
    }
}
