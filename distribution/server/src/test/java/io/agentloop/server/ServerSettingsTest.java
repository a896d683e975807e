package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ServerSettingsTest {
    final ServerSettings local = ServerSettings.local(Path.of("/var/tmp/agentloop-w"), Path.of("/var/tmp/agentloop-d"));

    @ParameterizedTest
    @ValueSource(strings = {"agents.example", "agents.example:8443", "box", "[fd00::5]", "[fd00::5]:8642",
            "192.168.1.5:8642"})
    void anAllowedHostIsANameAloneOrWithAPort(String name) {
        assertThat(local.withAllowedHosts(List.of(name)).allowedHosts()).containsExactly(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://agents.example", "agents.example/", "agents.example:port", "*.example", "",
            "agents example", "-agents.example", "fd00::5"})
    void anythingElseIsRefusedNamingTheSettingAndTheForm(String name) {
        assertThatThrownBy(() -> local.withAllowedHosts(List.of(name))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("server.allowed-hosts").hasMessageContaining("agents.example.com:8443");
    }
}
