package io.agentloop.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CancellationTest {

    @Test
    void theFirstCancelWinsAndRunsCallbacksOnce() {
        Cancellation cancellation = new Cancellation();
        List<String> calls = new ArrayList<>();
        cancellation.onCancel(() -> calls.add("a"));

        assertThat(cancellation.cancel("first")).isTrue();
        assertThat(cancellation.cancel("second")).isFalse();
        assertThat(cancellation.reason()).contains("first");
        assertThat(calls).containsExactly("a");
    }

    @Test
    void aCallbackRegisteredAfterCancellationRunsAtOnce() {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("done");
        List<String> calls = new ArrayList<>();
        cancellation.onCancel(() -> calls.add("late"));
        assertThat(calls).containsExactly("late");
    }

    @Test
    void aRemovedCallbackDoesNotRun() {
        Cancellation cancellation = new Cancellation();
        List<String> calls = new ArrayList<>();
        cancellation.onCancel(() -> calls.add("removed")).close();
        cancellation.cancel("x");
        assertThat(calls).isEmpty();
    }

    @Test
    void awaitReturnsAtOnceWhenCancelled() throws InterruptedException {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("x");
        assertThat(cancellation.await(Duration.ofDays(1))).isTrue();
        assertThat(CancellationSignal.never().isCancelled()).isFalse();
    }
}
