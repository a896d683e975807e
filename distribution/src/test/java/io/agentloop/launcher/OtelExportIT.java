package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.launcher.InstalledLauncher.Outcome;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The otel plugin as installed: shipped in {@code plugins/} with its settings listed, bundling no
 * second OkHttp or Jackson; and a run whose collector never answers still prints its answer and
 * exits 0, the launcher waiting at most the flush timeout and saying once on stderr what was lost;
 * with {@code prometheus: true}, {@code agentloop serve} answers a served run's metrics at {@code /metrics}.
 */
class OtelExportIT {
    @TempDir(factory = VisibleTempDir.class)
    Path work;

    private final MockWebServer server = new MockWebServer();
    private final ScriptedModel model = new ScriptedModel();
    private InstalledLauncher installed;
    private Process serving;

    @BeforeEach
    void setUp() throws IOException {
        server.setDispatcher(model);
        server.start(0);
        installed = InstalledLauncher.copyInto(work, work.resolve("home"), server);
        Path home = installed.home();
        installed.extraEnv().put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        installed.extraEnv().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        installed.extraEnv().put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        installed.extraEnv().put("XDG_STATE_HOME", home.resolve(".local/state").toString());
        installed.runningIn(Files.createDirectories(work.resolve("project")));
    }

    @AfterEach
    void tearDown() throws Exception {
        if (serving != null && serving.isAlive()) {
            serving.destroy();
            Await.exit(serving, "agentloop serve stops on SIGTERM");
        }
        model.close();
        server.close();
    }

    private Path shippedJar() throws IOException {
        try (Stream<Path> files = Files.list(installed.plugins())) {
            return files.filter(f -> f.getFileName().toString().startsWith("otel-plugin-")).findFirst()
                    .orElseThrow(() -> new AssertionError("no otel-plugin-*.jar in " + installed.plugins()));
        }
    }

    @Test
    void thePluginIsShippedWithItsSettingsAndWithoutASecondOkHttpOrJackson() throws Exception {
        Path jar = shippedJar();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            List<String> foreign = zip.stream().map(java.util.zip.ZipEntry::getName)
                    .filter(name -> name.startsWith("okhttp3/") || name.startsWith("okio/")
                            || name.startsWith("kotlin/") || name.startsWith("com/fasterxml/jackson/")
                            || name.startsWith("tools/jackson/") || name.startsWith("io/agentloop/api/")
                            || name.startsWith("org/slf4j/") || name.startsWith("org/pf4j/"))
                    .limit(5).toList();
            assertThat(foreign).as("classes the host provides or the plugin must not bring").isEmpty();
        }

        Outcome plugins = installed.run("plugins");

        assertThat(plugins.exit()).as(plugins.err()).isZero();
        assertThat(plugins.out()).as(plugins.out()).containsPattern("(?m)^otel \\S+  STARTED  ")
                .contains("setting plugins.otel.endpoint (a single value, default OTEL_EXPORTER_OTLP_ENDPOINT, else off)")
                .contains("setting plugins.otel.flush-timeout (a duration such as 500ms, 30s or 2m, default 5s)");
        assertThat(plugins.err()).as("no problem with the plugin").doesNotContain("otel");
    }

    @Test
    void aCollectorThatNeverAnswersLeavesTheAnswerAndTheExitCodeAndIsReportedOnce() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // connections complete in the backlog; no request is ever read or answered, and no export gives
            // up waiting before the launcher exits: only the flush timeout ends the wait
            String endpoint = "http://127.0.0.1:" + silent.getLocalPort();
            Files.writeString(installed.userConfig(), "plugins:\n  otel:\n    endpoint: " + endpoint
                    + "\n    flush-timeout: 500ms\n    export-timeout: 10m\n");
            model.then(FakeOpenAi.answer("The answer is 42."));

            Outcome run = installed.run("run", "What is the answer?");

            assertThat(run.exit()).as(run.out() + run.err()).isZero();
            assertThat(run.out()).contains("The answer is 42.");
            List<String> lost = run.err().lines().filter(line -> line.contains("otel:")).toList();
            assertThat(lost).as(run.err()).singleElement().asString()
                    .containsPattern("otel: \\d+ spans could not be exported to " + endpoint.replace(".", "\\.")
                            + "/v1/traces: the collector did not answer within the flush timeout \\(500ms");
            assertThat(run.err()).as("no stack trace, no log of the SDK's own").doesNotContain("Exception")
                    .doesNotContain("\tat ").doesNotContain("io.opentelemetry");
        }
    }

    @Test
    void withPrometheusOnServeAnswersAServedRunsMetricsToTheTokenOnly() throws Exception {
        Files.writeString(installed.userConfig(), "plugins:\n  otel:\n    prometheus: true\n");
        installed.extraEnv().put(ServeCommand.TOKEN_VARIABLE, "metrics-token");
        model.then(FakeOpenAi.answer("The answer is 42."));
        serving = installed.start("serve", "--port", "0");
        ServedApi api = ServedApi.of(installed, serving, Optional.of("metrics-token"));

        ServedApi.Reply started = api.post("/v1/runs", "{\"task\": \"What is the answer?\"}");
        assertThat(started.status()).as(started.text()).isEqualTo(202);
        List<ServedApi.Event> events = api.events(started.body().get("id").asString(), Optional.empty());
        assertThat(events.getLast().data().get("state").asString()).as(events.toString()).isEqualTo("completed");
        ServedApi.Reply metrics = api.get("/metrics");
        ServedApi.Reply refused = api.withToken(Optional.empty()).get("/metrics");

        assertThat(metrics.status()).as(metrics.text()).isEqualTo(200);
        assertThat(metrics.headers().get("Content-Type")).isEqualTo("text/plain; version=0.0.4; charset=utf-8");
        assertThat(metrics.text())
                .containsPattern("(?m)^agentloop_runs_total\\{agentloop_run_outcome=\"answered\",[^}]*} 1$")
                .containsPattern("(?m)^gen_ai_client_token_usage_sum\\{[^}]*gen_ai_token_type=\"input\"[^}]*} 70$")
                .containsPattern("(?m)^gen_ai_client_token_usage_sum\\{[^}]*gen_ai_token_type=\"output\"[^}]*} 5$")
                .containsPattern("(?m)^gen_ai_client_operation_duration_seconds_count\\{[^}]*} 1$");
        assertThat(refused.status()).isEqualTo(401);
        assertThat(installed.errors()).as("no problem with the plugin").doesNotContain("otel");
    }
}
