package io.agentloop.server.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EventLogTest {
    private static final Duration LONG = Duration.ofMinutes(5);

    @Test
    void eventsAreNumberedFromOneInTheOrderTheyCame() {
        EventLog log = new EventLog(0);
        assertThat(log.last()).isZero();

        assertThat(log.append("a", "{}")).isEqualTo(1);
        assertThat(log.append("b", "{}")).isEqualTo(2);
        assertThat(log.append("c", "{}")).isEqualTo(3);

        assertThat(log.last()).isEqualTo(3);
    }

    @Test
    void aReaderGetsTheEventsAfterTheNumberItGives() throws InterruptedException {
        EventLog log = new EventLog(0);
        log.append("a", "1");
        log.append("b", "2");
        log.append("c", "3");

        assertThat(log.after(0, Duration.ZERO).entries()).extracting(EventLog.Entry::type).containsExactly("a", "b", "c");
        assertThat(log.after(1, Duration.ZERO).entries()).extracting(EventLog.Entry::id).containsExactly(2L, 3L);
        assertThat(log.after(3, Duration.ZERO).entries()).isEmpty();
        assertThat(log.after(99, Duration.ZERO).entries()).isEmpty();
        assertThat(log.after(2, Duration.ZERO).entries().getFirst()).isEqualTo(new EventLog.Entry(3, "c", "3"));
    }

    @Test
    void anEndedLogTakesNoMoreAndTellsItsReaders() throws InterruptedException {
        EventLog log = new EventLog(0);
        log.append("a", "1");
        log.end();

        assertThat(log.append("b", "2")).isEqualTo(-1);
        assertThat(log.ended()).isTrue();
        EventLog.Batch rest = log.after(0, LONG);
        assertThat(rest.entries()).hasSize(1);
        assertThat(rest.ended()).isTrue();
        assertThat(log.after(1, LONG)).isEqualTo(new EventLog.Batch(java.util.List.of(), true));
    }

    @Test
    void aWaitingReaderIsWokenByTheNextEvent() throws Exception {
        EventLog log = new EventLog(0);
        log.append("a", "1");

        CompletableFuture<EventLog.Batch> waiting = read(log, 1);
        assertThat(waiting).isNotDone();
        log.append("b", "2");

        EventLog.Batch batch = waiting.get(2, TimeUnit.MINUTES);
        assertThat(batch.entries()).extracting(EventLog.Entry::type).containsExactly("b");
        assertThat(batch.ended()).isFalse();
    }

    @Test
    void aWaitingReaderIsWokenByTheEnd() throws Exception {
        EventLog log = new EventLog(0);

        CompletableFuture<EventLog.Batch> waiting = read(log, 0);
        log.end();

        assertThat(waiting.get(2, TimeUnit.MINUTES)).isEqualTo(new EventLog.Batch(java.util.List.of(), true));
    }

    @Test
    void aReaderWithNothingNewGetsNothingWhenItsWaitRunsOut() throws InterruptedException {
        EventLog log = new EventLog(0);
        log.append("a", "1");

        EventLog.Batch batch = log.after(1, Duration.ofMillis(1));

        assertThat(batch.entries()).isEmpty();
        assertThat(batch.ended()).isFalse();
    }

    @Test
    void numberingGoesOnFromTheNumberOnRecord() throws InterruptedException {
        EventLog log = new EventLog(41);
        assertThat(log.last()).isEqualTo(41);

        assertThat(log.append("a", "1")).isEqualTo(42);
        log.append("b", "2");

        // the events before the restart are not kept: a reader from before gets those there are
        assertThat(log.after(0, Duration.ZERO).entries()).extracting(EventLog.Entry::id).containsExactly(42L, 43L);
        assertThat(log.after(41, Duration.ZERO).entries()).extracting(EventLog.Entry::id).containsExactly(42L, 43L);
        assertThat(log.after(42, Duration.ZERO).entries()).extracting(EventLog.Entry::id).containsExactly(43L);
        assertThat(log.after(43, Duration.ZERO).entries()).isEmpty();
    }

    /** A reader on a thread of its own, returned once it waits (its wait is minutes). */
    private static CompletableFuture<EventLog.Batch> read(EventLog log, long after) {
        CompletableFuture<EventLog.Batch> batch = new CompletableFuture<>();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                batch.complete(log.after(after, LONG));
            } catch (Throwable e) {
                batch.completeExceptionally(e);
            }
        });
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        while (reader.getState() != Thread.State.TIMED_WAITING && !batch.isDone()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the reader did not wait: " + reader.getState());
            }
            Thread.onSpinWait();
        }
        return batch;
    }
}
