package io.agentloop.core.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {
    private final RetryPolicy noJitter = new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(10), 0.1, () -> 0.5);

    @Test
    void delaysDoubleUpToTheCap() {
        assertThat(noJitter.delay(1, Optional.empty())).isEqualTo(Duration.ofSeconds(1));
        assertThat(noJitter.delay(2, Optional.empty())).isEqualTo(Duration.ofSeconds(2));
        assertThat(noJitter.delay(3, Optional.empty())).isEqualTo(Duration.ofSeconds(4));
        assertThat(noJitter.delay(4, Optional.empty())).isEqualTo(Duration.ofSeconds(8));
        assertThat(noJitter.delay(5, Optional.empty())).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void jitterStaysWithinTenPercentAndUnderTheCap() {
        RetryPolicy low = new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(10), 0.1, () -> 0.0);
        RetryPolicy high = new RetryPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(10), 0.1, () -> 0.999_999);
        assertThat(low.delay(2, Optional.empty())).isEqualTo(Duration.ofMillis(1800));
        assertThat(high.delay(2, Optional.empty())).isBetween(Duration.ofMillis(2199), Duration.ofMillis(2200));
        assertThat(high.delay(5, Optional.empty())).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aServersRetryAfterWinsUpToSixtySeconds() {
        assertThat(noJitter.delay(1, Optional.of(Duration.ofSeconds(30)))).isEqualTo(Duration.ofSeconds(30));
        assertThat(noJitter.delay(1, Optional.of(Duration.ofSeconds(60)))).isEqualTo(Duration.ofSeconds(60));
        assertThat(noJitter.setAside(Optional.of(Duration.ofSeconds(60)))).isEmpty();
    }

    @Test
    void aLongerRetryAfterIsSetAsideForTheBackoffAndNamed() {
        assertThat(noJitter.delay(2, Optional.of(Duration.ofMinutes(10)))).isEqualTo(Duration.ofSeconds(2));
        assertThat(noJitter.setAside(Optional.of(Duration.ofMinutes(10))))
                .isEqualTo(" (the provider asked to wait 600 s, more than 60 s: retrying sooner on the usual backoff)");
    }
}
