package io.agentloop.server.run;

import io.agentloop.server.backend.RequestException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many runs each caller has going on, held under the server's limit: a run is reserved before
 * the backend starts it and released when it ends or pauses to wait.
 */
final class RunsPerOwner {
    private final int limit;
    private final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();

    RunsPerOwner(int limit) {
        this.limit = limit;
    }

    /** @throws RequestException 429 when {@code owner} has the most runs going on it may */
    void reserve(String owner) {
        AtomicInteger count = running.computeIfAbsent(owner, o -> new AtomicInteger());
        if (count.incrementAndGet() > limit) {
            count.decrementAndGet();
            throw new RequestException(429, "this token has " + limit + " runs going on, the most it may: "
                    + "start another when one has ended (or waits for approval)", Optional.of(Duration.ofSeconds(1)));
        }
    }

    /** Counts a run that was going on before a restart and goes on after it: never refused. */
    void resumed(String owner) {
        running.computeIfAbsent(owner, o -> new AtomicInteger()).incrementAndGet();
    }

    void release(String owner) {
        running.computeIfAbsent(owner, o -> new AtomicInteger()).decrementAndGet();
    }
}
