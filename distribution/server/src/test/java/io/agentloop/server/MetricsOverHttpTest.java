package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.metrics.MetricsExposition;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /metrics}: the enabled expositions' text, behind the API's token; a 404 saying how to turn them on. */
class MetricsOverHttpTest {
    private static final String TOKEN = "metrics-test-token";

    @TempDir
    Path root;
    AgentServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theEnabledExpositionsTextIsAnsweredOneAfterTheOtherWithTheirContentType() {
        start(List.of(new Fixed(true, "# TYPE a_total counter\na_total 1\n"), new Fixed(false, "off 1\n"),
                new Fixed(true, "# TYPE b gauge\nb 2\n")));

        Client.Answer response = get(true);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.headers().get("Content-Type")).isEqualTo(MetricsExposition.PROMETHEUS_TEXT);
        assertThat(response.text()).isEqualTo("# TYPE a_total counter\na_total 1\n# TYPE b gauge\nb 2\n");
    }

    @Test
    void withoutTheTokenTheMetricsAreRefused() {
        start(List.of(new Fixed(true, "a_total 1\n")));

        Client.Answer response = get(false);

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.text()).doesNotContain("a_total");
    }

    @Test
    void withNoExpositionOrNoneEnabledTheAnswerSaysHowToTurnThemOn() {
        start(List.of());
        Client.Answer none = get(true);
        server.close();
        start(List.of(new Fixed(false, "off 1\n")));
        Client.Answer off = get(true);

        for (Client.Answer response : List.of(none, off)) {
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.text()).contains("plugins.otel.prometheus: true").doesNotContain("off 1");
        }
    }

    private void start(List<MetricsExposition> metrics) {
        server = AgentServer.start(ServerSettings.local(root.resolve("workspaces"), root.resolve("data"))
                .withTokens(List.of(TOKEN)), new TestBackend(root.resolve("sessions")), metrics);
    }

    private Client.Answer get(boolean withToken) {
        return new Client(server.address(), withToken ? Optional.of(TOKEN) : Optional.empty()).get("/metrics");
    }

    private record Fixed(boolean enabled, String text) implements MetricsExposition {
        @Override
        public String contentType() {
            return PROMETHEUS_TEXT;
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
