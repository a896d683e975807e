package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.core.engine.DurableEngineProvider;
import io.agentloop.core.engine.EngineUnavailableException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** Connecting: the provider is found, a service that is not there is one clear error, never a hang. */
class TemporalEngineTest {

    static DurableEngineProvider provider() {
        return ServiceLoader.load(DurableEngineProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals("temporal")).findFirst().orElseThrow();
    }

    @Test
    void aClosedPortIsOneLineNamingWhereItLookedAndWhatToDo() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String target = "127.0.0.1:" + port;

        assertThatThrownBy(() -> provider().connect(Map.of("target", target)))
                .isInstanceOf(EngineUnavailableException.class)
                .hasMessageContaining("cannot reach the Temporal service at " + target)
                .hasMessageContaining("temporal server start-dev").hasMessageNotContaining("\n");
    }

    @Test
    void aServiceThatNeverAnswersIsGivenUpOnAtTheBound() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> held = new ArrayList<>();
            Thread accepting = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        held.add(silent.accept()); // accepted, never answered
                    }
                } catch (Exception closed) {
                    // the test is over
                }
            });
            try {
                assertThatThrownBy(() -> provider().connect(Map.of("target", "127.0.0.1:" + silent.getLocalPort())))
                        .isInstanceOf(EngineUnavailableException.class)
                        .hasMessageContaining("DEADLINE_EXCEEDED");
            } finally {
                silent.close();
                accepting.join();
                for (Socket socket : held) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void anUnknownSettingIsNamedWithTheKnownOnes() {
        assertThatThrownBy(() -> provider().connect(Map.of("taskqueue", "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("temporal.taskqueue is not a setting")
                .hasMessageContaining("temporal.task-queue");
        assertThatThrownBy(() -> TemporalSettings.of(Map.of("heartbeat", "soon")))
                .hasMessageContaining("temporal.heartbeat: 'soon' is not a duration");
        assertThat(TemporalSettings.of(Map.of("heartbeat", "45s")).heartbeat()).hasSeconds(45);
        assertThat(TemporalSettings.of(Map.of("history-limit", "2000")).historyLimit()).isEqualTo(2000);
        assertThat(TemporalSettings.defaults().historyLimit()).isEqualTo(DurableOptions.DEFAULT_HISTORY_LIMIT);
        assertThatThrownBy(() -> TemporalSettings.of(Map.of("history-limit", "many")))
                .hasMessageContaining("temporal.history-limit: 'many' is not a number of events");
        assertThatThrownBy(() -> TemporalSettings.of(Map.of("history-limit", "5")))
                .hasMessageContaining("the history limit must be at least 10 events");
        assertThatThrownBy(() -> TemporalSettings.of(Map.of("tls.cert", "c.pem")))
                .hasMessageContaining("temporal.tls.cert and temporal.tls.key go together");
    }
}
