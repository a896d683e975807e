package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.server.backend.RequestException;
import io.agentloop.server.run.Caller;
import io.agentloop.server.users.ServerToken;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GateTest {
    final TestClock clock = new TestClock();

    @Test
    void thereIsNoGateWithoutAToken() {
        assertThatThrownBy(() -> new Gate(List.of(), false, 10, clock)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("make one at start");
    }

    @Test
    void eachConfiguredTokenIsTakenAndKnownByADigestOfItsOwn() {
        Gate gate = new Gate(List.of("alpha-token", "beta-token", "gamma-token"), false, 10, clock);

        Caller alpha = gate.caller(Optional.of("Bearer alpha-token"));
        Caller beta = gate.caller(Optional.of("Bearer beta-token"));
        Caller gamma = gate.caller(Optional.of("bearer  gamma-token "));

        assertThat(List.of(alpha, beta, gamma)).doesNotHaveDuplicates().noneMatch(id -> id.name().contains("token"))
                .doesNotContain(Caller.ANYONE).allMatch(Caller::admin);
        assertThat(gate.caller(Optional.of("Bearer beta-token"))).isEqualTo(beta);
    }

    @Test
    void aNamedTokenIsItsNameWithItsRoleBesideTheUnnamedOnes() {
        Gate gate = new Gate(List.of("old-token"), List.of(new ServerToken("alice", "alice-token", ServerToken.Role.USER),
                new ServerToken("ops", "ops-token", ServerToken.Role.ADMIN)), false, 10, clock);

        assertThat(gate.caller(Optional.of("Bearer alice-token"))).isEqualTo(new Caller("alice", false));
        assertThat(gate.caller(Optional.of("Bearer ops-token"))).isEqualTo(new Caller("ops", true));
        assertThat(gate.caller(Optional.of("Bearer old-token")).admin()).isTrue();
        assertThatThrownBy(() -> gate.caller(Optional.of("Bearer alice"))).isInstanceOfSatisfying(
                RequestException.class, e -> assertThat(e.status()).isEqualTo(401));
    }

    @Test
    void aMissingMalformedOrWrongTokenIs401() {
        Gate gate = new Gate(List.of("alpha-token"), false, 10, clock);

        for (Optional<String> header : List.of(Optional.<String>empty(), Optional.of("alpha-token"),
                Optional.of("Basic alpha-token"), Optional.of("Bearer"), Optional.of("Bearer "),
                Optional.of("Bearer alpha"), Optional.of("Bearer alpha-token2"), Optional.of("Bearer ALPHA-TOKEN"))) {
            assertThatThrownBy(() -> gate.caller(header)).as("%s", header).isInstanceOfSatisfying(
                    RequestException.class, e -> assertThat(e.status()).isEqualTo(401));
        }
    }

    @Test
    void aCallerOverItsMinuteWaitsUntilOneRequestIsRefilled() {
        Gate gate = new Gate(List.of("t"), false, 3, clock);
        gate.count(new Caller("a", true), "127.0.0.1");
        gate.count(new Caller("a", true), "127.0.0.1");
        gate.count(new Caller("a", true), "127.0.0.1");

        assertThatThrownBy(() -> gate.count(new Caller("a", true), "127.0.0.1")).isInstanceOfSatisfying(RequestException.class, e -> {
            assertThat(e.status()).isEqualTo(429);
            assertThat(e.retryAfter()).contains(Duration.ofSeconds(20));
        });
        gate.count(new Caller("b", true), "127.0.0.1");
        clock.advance(Duration.ofSeconds(20));
        gate.count(new Caller("a", true), "127.0.0.1");
        assertThatThrownBy(() -> gate.count(new Caller("a", true), "127.0.0.1")).isInstanceOf(RequestException.class);
    }

    @Test
    void anIdleCallerSavesUpNoMoreThanAMinutesRequests() {
        Gate gate = new Gate(List.of("t"), false, 2, clock);
        gate.count(new Caller("a", true), "127.0.0.1");
        clock.advance(Duration.ofHours(1));

        gate.count(new Caller("a", true), "127.0.0.1");
        gate.count(new Caller("a", true), "127.0.0.1");

        assertThatThrownBy(() -> gate.count(new Caller("a", true), "127.0.0.1")).isInstanceOfSatisfying(RequestException.class,
                e -> assertThat(e.retryAfter()).contains(Duration.ofSeconds(30)));
    }

    @Test
    void withTheTokenTheServerMadeEachAddressHasItsOwnRequests() {
        Gate gate = new Gate(List.of("made"), true, 2, clock);
        Caller caller = gate.caller(Optional.of("Bearer made"));
        gate.count(caller, "127.0.0.1");
        gate.count(caller, "127.0.0.1");

        assertThatThrownBy(() -> gate.count(caller, "127.0.0.1")).isInstanceOfSatisfying(RequestException.class, e -> {
            assertThat(e.status()).isEqualTo(429);
            assertThat(e.getMessage()).contains("127.0.0.1").contains("2 a minute");
        });
        gate.count(caller, "127.0.0.2");
        gate.count(caller, "::1");
        gate.count(caller, "127.0.0.2");
        assertThatThrownBy(() -> gate.count(caller, "127.0.0.2")).isInstanceOf(RequestException.class);
    }

    @Test
    void aConfiguredTokenHasItsRequestsWhateverAddressItComesFrom() {
        Gate gate = new Gate(List.of("configured"), false, 2, clock);
        Caller caller = gate.caller(Optional.of("Bearer configured"));
        gate.count(caller, "10.0.0.1");
        gate.count(caller, "10.0.0.2");

        assertThatThrownBy(() -> gate.count(caller, "10.0.0.3")).isInstanceOfSatisfying(RequestException.class,
                e -> assertThat(e.getMessage()).contains("this token may make 2 a minute"));
    }
}
