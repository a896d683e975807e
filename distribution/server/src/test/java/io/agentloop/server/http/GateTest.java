package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.server.backend.RequestException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GateTest {
    final TestClock clock = new TestClock();

    @Test
    void withoutTokensEveryCallerIsLocal() {
        Gate gate = new Gate(List.of(), 10, clock);

        assertThat(gate.caller(Optional.empty())).isEqualTo(Gate.LOCAL);
        assertThat(gate.caller(Optional.of("Bearer anything"))).isEqualTo(Gate.LOCAL);
    }

    @Test
    void eachConfiguredTokenIsTakenAndKnownByADigestOfItsOwn() {
        Gate gate = new Gate(List.of("alpha-token", "beta-token", "gamma-token"), 10, clock);

        String alpha = gate.caller(Optional.of("Bearer alpha-token"));
        String beta = gate.caller(Optional.of("Bearer beta-token"));
        String gamma = gate.caller(Optional.of("bearer  gamma-token "));

        assertThat(List.of(alpha, beta, gamma)).doesNotHaveDuplicates().noneMatch(id -> id.contains("token"))
                .doesNotContain(Gate.LOCAL);
        assertThat(gate.caller(Optional.of("Bearer beta-token"))).isEqualTo(beta);
    }

    @Test
    void aMissingMalformedOrWrongTokenIs401() {
        Gate gate = new Gate(List.of("alpha-token"), 10, clock);

        for (Optional<String> header : List.of(Optional.<String>empty(), Optional.of("alpha-token"),
                Optional.of("Basic alpha-token"), Optional.of("Bearer"), Optional.of("Bearer "),
                Optional.of("Bearer alpha"), Optional.of("Bearer alpha-token2"), Optional.of("Bearer ALPHA-TOKEN"))) {
            assertThatThrownBy(() -> gate.caller(header)).as("%s", header).isInstanceOfSatisfying(
                    RequestException.class, e -> assertThat(e.status()).isEqualTo(401));
        }
    }

    @Test
    void aCallerOverItsMinuteWaitsUntilOneRequestIsRefilled() {
        Gate gate = new Gate(List.of("t"), 3, clock);
        gate.count("a");
        gate.count("a");
        gate.count("a");

        assertThatThrownBy(() -> gate.count("a")).isInstanceOfSatisfying(RequestException.class, e -> {
            assertThat(e.status()).isEqualTo(429);
            assertThat(e.retryAfter()).contains(Duration.ofSeconds(20));
        });
        gate.count("b");
        clock.advance(Duration.ofSeconds(20));
        gate.count("a");
        assertThatThrownBy(() -> gate.count("a")).isInstanceOf(RequestException.class);
    }

    @Test
    void anIdleCallerSavesUpNoMoreThanAMinutesRequests() {
        Gate gate = new Gate(List.of("t"), 2, clock);
        gate.count("a");
        clock.advance(Duration.ofHours(1));

        gate.count("a");
        gate.count("a");

        assertThatThrownBy(() -> gate.count("a")).isInstanceOfSatisfying(RequestException.class,
                e -> assertThat(e.retryAfter()).contains(Duration.ofSeconds(30)));
    }
}
