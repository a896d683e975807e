package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Waits for what a test cannot be told about directly (a workflow's state read by a query, a
 * process appearing), with a deadline of minutes, pausing between checks so the waiting test leaves
 * the processor to what it waits for.
 */
final class Await {
    static final Duration LIMIT = Duration.ofMinutes(5);

    private Await() {
    }

    static void until(String what, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                fail("waited " + LIMIT.toMinutes() + " minutes for " + what);
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }
}
