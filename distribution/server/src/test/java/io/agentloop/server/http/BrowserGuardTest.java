package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.server.backend.RequestException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code Host}, {@code Origin} and method a request may have, for a server at {@link Requests#BASE} (port 1). */
class BrowserGuardTest {
    final BrowserGuard guard = new BrowserGuard(List.of("agents.example", "proxy.example:8443", "[fd00::5]"));

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:1", "127.8.9.10:1", "localhost:1", "LocalHost:1", "[::1]:1",
            "[0:0:0:0:0:0:0:1]:1", "agents.example", "agents.example:8642", "Agents.Example:1", "proxy.example:8443",
            "[fd00::5]:8642"})
    void aLoopbackAddressWithTheServersPortOrAConfiguredNameIsAnswered(String host) {
        assertThatCode(() -> guard.check(Requests.get("/v1/runs").header("Host", host).call()))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"rebound.example:1", "rebound.example", "127.0.0.1:2", "localhost", "localhost:80",
            "127.0.0.1", "[::1]:2", "localhost.:1", "127.0.0.1.nip.io:1", "127.1:1", "2130706433:1", "0x7f.0.0.1:1",
            "127.0.0.256:1", "10.0.0.1:1", "proxy.example", "proxy.example:443", "agents.example.evil:1",
            "127.0.0.1:1@rebound.example", "[::1", "[::1]x", "[localhost]:1", "127.0.0.1:01x"})
    void anyOtherHostIs421NamingTheSetting(String host) {
        assertThatThrownBy(() -> guard.check(Requests.get("/v1/runs").header("Host", host).call()))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(421))
                .hasMessageContaining("server.allowed-hosts");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:1", "HTTP://127.0.0.1:1", "https://127.0.0.1:1"})
    void theServersOwnOriginIsAnswered(String origin) {
        assertThatCode(() -> guard.check(Requests.post("/v1/runs", "{}").header("Origin", origin).call()))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://rebound.example:1", "http://localhost:1", "http://127.0.0.1:2", "http://127.0.0.1",
            "null", "http://127.0.0.1:1.evil.example", "file://", ""})
    void anotherOriginIs403(String origin) {
        assertThatThrownBy(() -> guard.check(Requests.post("/v1/runs", "{}").header("Origin", origin).call()))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(403))
                .hasMessageContaining("open the console at http://127.0.0.1:1/");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/runs", "/", "/nowhere"})
    void optionsIsRefusedEvenFromTheServersOwnPage(String path) {
        assertThatThrownBy(() -> guard.check(Requests.of("OPTIONS", path).header("Origin", "http://127.0.0.1:1")
                .call())).isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(405))
                .hasMessageContaining("no CORS");
    }

    @Test
    void aRequestWithoutAHostIs421() {
        assertThatThrownBy(() -> guard.check(new Call("GET", "/v1/runs", Map.of(), name -> Optional.empty(),
                InputStream.nullInputStream(), Requests.BASE, "127.0.0.1")))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(421))
                .hasMessageContaining("no Host header");
    }
}
