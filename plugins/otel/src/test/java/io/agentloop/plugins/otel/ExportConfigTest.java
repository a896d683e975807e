package io.agentloop.plugins.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.OpenTelemetry;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Where the settings and the OTEL_* variables send what, and which wins: the setting. */
class ExportConfigTest {
    private static final UnaryOperator<String> NO_VARIABLES = name -> null;

    private static UnaryOperator<String> variables(Map<String, String> values) {
        return values::get;
    }

    @Test
    void withNoEndpointAnywhereNothingIsExportedAndTheTelemetryIsTheNoOpOne() {
        ExportConfig config = ExportConfig.read(Map.of("capture-content", "true"), NO_VARIABLES);

        assertThat(config.exports()).isFalse();
        Telemetry telemetry = Telemetry.configured(Map.of(), NO_VARIABLES, line -> {
        });
        assertThat(telemetry.openTelemetry()).isSameAs(OpenTelemetry.noop());
        assertThat(telemetry.captureContent()).isFalse();
    }

    @Test
    void theDefaultsAreTheDocumentedOnes() {
        ExportConfig config = ExportConfig.read(Map.of("endpoint", "http://localhost:4318"), NO_VARIABLES);

        assertThat(config.traces()).contains(URI.create("http://localhost:4318/v1/traces"));
        assertThat(config.metrics()).contains(URI.create("http://localhost:4318/v1/metrics"));
        assertThat(config.headers()).isEmpty();
        assertThat(config.serviceName()).isEqualTo("agentloop");
        assertThat(config.captureContent()).isFalse();
        assertThat(config.exportTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(config.flushTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.queueSize()).isEqualTo(2048);
        assertThat(config.metricInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.sampler().getDescription()).isEqualTo("ParentBased{root:AlwaysOnSampler,"
                + "remoteParentSampled:AlwaysOnSampler,remoteParentNotSampled:AlwaysOffSampler,"
                + "localParentSampled:AlwaysOnSampler,localParentNotSampled:AlwaysOffSampler}");
    }

    @Test
    void theVariablesConfigureWhatNoSettingDoes() {
        ExportConfig config = ExportConfig.read(Map.of(), variables(Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318/",
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "https://traces.example:4318/custom/path",
                "OTEL_EXPORTER_OTLP_HEADERS", "api-key=a%2Cb+c,team=ops",
                "OTEL_TRACES_SAMPLER", "parentbased_traceidratio",
                "OTEL_TRACES_SAMPLER_ARG", "0.25",
                "OTEL_SERVICE_NAME", "agents-prod",
                "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true",
                "OTEL_EXPORTER_OTLP_TIMEOUT", "1500",
                "OTEL_BSP_MAX_QUEUE_SIZE", "64",
                "OTEL_METRIC_EXPORT_INTERVAL", "30000")));

        assertThat(config.traces()).contains(URI.create("https://traces.example:4318/custom/path"));
        assertThat(config.metrics()).contains(URI.create("http://collector:4318/v1/metrics"));
        assertThat(config.headers()).isEqualTo(Map.of("api-key", "a,b+c", "team", "ops"));
        assertThat(config.sampler().getDescription()).startsWith("ParentBased{root:TraceIdRatioBased{0.250000}");
        assertThat(config.serviceName()).isEqualTo("agents-prod");
        assertThat(config.captureContent()).isTrue();
        assertThat(config.exportTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(config.queueSize()).isEqualTo(64);
        assertThat(config.metricInterval()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aSettingWinsOverItsVariable() {
        ExportConfig config = ExportConfig.read(Map.of(
                "endpoint", "http://127.0.0.1:4318",
                "headers", "x-api-key=from-settings",
                "sample-ratio", "0.5",
                "service-name", "from-settings",
                "capture-content", "false",
                "export-timeout", "2s",
                "queue-size", "100",
                "metric-interval", "1m"), variables(Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://env:4318",
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://env-traces:4318/v1/traces",
                "OTEL_EXPORTER_OTLP_HEADERS", "x-api-key=from-env,other=1",
                "OTEL_TRACES_SAMPLER", "always_off",
                "OTEL_SERVICE_NAME", "from-env",
                "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true",
                "OTEL_EXPORTER_OTLP_TIMEOUT", "9000",
                "OTEL_BSP_MAX_QUEUE_SIZE", "7",
                "OTEL_METRIC_EXPORT_INTERVAL", "5000")));

        assertThat(config.traces()).contains(URI.create("http://127.0.0.1:4318/v1/traces"));
        assertThat(config.metrics()).contains(URI.create("http://127.0.0.1:4318/v1/metrics"));
        assertThat(config.headers()).isEqualTo(Map.of("x-api-key", "from-settings"));
        assertThat(config.sampler().getDescription()).startsWith("ParentBased{root:TraceIdRatioBased{0.500000}");
        assertThat(config.serviceName()).isEqualTo("from-settings");
        assertThat(config.captureContent()).isFalse();
        assertThat(config.exportTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.queueSize()).isEqualTo(100);
        assertThat(config.metricInterval()).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void resourceAttributesComeFromTheVariableAndTheServiceNameWinsOverTheirs() {
        ExportConfig config = ExportConfig.read(Map.of(), variables(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT",
                "http://env:4318", "OTEL_RESOURCE_ATTRIBUTES",
                "deployment.environment=prod,service.name=from-attributes,team=a%20b")));
        ExportConfig named = ExportConfig.read(Map.of(), variables(Map.of("OTEL_RESOURCE_ATTRIBUTES",
                "service.name=from-attributes", "OTEL_SERVICE_NAME", "from-env")));

        assertThat(config.resourceAttributes()).isEqualTo(Map.of("deployment.environment", "prod",
                "service.name", "from-attributes", "team", "a b"));
        assertThat(config.serviceName()).isEqualTo("from-attributes");
        assertThat(named.serviceName()).isEqualTo("from-env");
    }

    @Test
    void anEndpointFromTheVariablesMustSpeakHttpProtobuf() {
        Map<String, String> grpc = Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://env:4317",
                "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc");

        assertThatThrownBy(() -> ExportConfig.read(Map.of(), variables(grpc))).hasMessage("OTEL_EXPORTER_OTLP_PROTOCOL: "
                + "expected http/protobuf (the otel plugin sends OTLP over HTTP only), found 'grpc'");
        assertThat(ExportConfig.read(Map.of("endpoint", "http://127.0.0.1:4318"), variables(grpc)).traces())
                .as("the setting's endpoint is not the variables'")
                .contains(URI.create("http://127.0.0.1:4318/v1/traces"));
        assertThat(ExportConfig.read(Map.of(), variables(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://env:4318",
                "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"))).exports()).isTrue();
    }

    @Test
    void eachStandardSamplerIsTaken() {
        Map<String, String> expected = Map.of("always_on", "AlwaysOnSampler", "always_off", "AlwaysOffSampler",
                "traceidratio", "TraceIdRatioBased{0.100000}",
                "parentbased_always_off", "ParentBased{root:AlwaysOffSampler");
        expected.forEach((name, description) -> assertThat(ExportConfig.read(Map.of(), variables(Map.of(
                "OTEL_TRACES_SAMPLER", name, "OTEL_TRACES_SAMPLER_ARG", "0.1"))).sampler().getDescription())
                .as(name).startsWith(description));
    }

    @Test
    void otelSdkDisabledTurnsEveryEndpointOff() {
        ExportConfig config = ExportConfig.read(Map.of("endpoint", "http://localhost:4318"),
                variables(Map.of("OTEL_SDK_DISABLED", "TRUE", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://env:4318")));

        assertThat(config.exports()).isFalse();
        assertThat(config.traces()).isEqualTo(Optional.empty());
    }

    @Test
    void aValueThatIsNotOneNamesItsKeyAndWhatItMustBe() {
        List.of(
                List.of("endpoint", "localhost:4318", "plugins.otel.endpoint: expected the collector's http:// or "
                        + "https:// URL, such as http://localhost:4318, found 'localhost:4318'"),
                List.of("sample-ratio", "1.5", "plugins.otel.sample-ratio: expected a number from 0 to 1"),
                List.of("headers", "novalue", "plugins.otel.headers: expected name=value pairs separated by commas"),
                List.of("flush-timeout", "soon", "plugins.otel.flush-timeout: expected a duration such as 500ms"),
                List.of("queue-size", "0", "plugins.otel.queue-size: expected a whole number above 0, found '0'"),
                List.of("capture-content", "yes", "plugins.otel.capture-content: expected true or false, found 'yes'"))
                .forEach(bad -> assertThatThrownBy(() -> ExportConfig.read(withEndpoint(bad.get(0), bad.get(1)),
                        NO_VARIABLES)).as(bad.get(0))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(bad.get(2)));
        assertThatThrownBy(() -> ExportConfig.read(Map.of(), variables(Map.of("OTEL_TRACES_SAMPLER", "sometimes"))))
                .hasMessageStartingWith("OTEL_TRACES_SAMPLER: expected one of always_on, always_off, traceidratio");
        assertThatThrownBy(() -> ExportConfig.read(Map.of(), variables(Map.of("OTEL_EXPORTER_OTLP_TIMEOUT", "10s"))))
                .hasMessage("OTEL_EXPORTER_OTLP_TIMEOUT: expected a whole number of milliseconds, found '10s'");
    }

    private static Map<String, String> withEndpoint(String key, String value) {
        Map<String, String> settings = new java.util.HashMap<>(Map.of("endpoint", "http://localhost:4318"));
        settings.put(key, value);
        return settings;
    }

    @Test
    void everyDeclaredSettingIsOneTheConfigurationReads() {
        assertThat(new OtelSettings().settings()).extracting(io.agentloop.api.setting.Setting::name)
                .containsExactly("endpoint", "headers", "sample-ratio", "service-name", "capture-content",
                        "export-timeout", "flush-timeout", "queue-size", "metric-interval", "prometheus", "provider",
                        "mcp-servers");
    }
}
