package io.agentloop.plugins.otel;

import io.agentloop.api.plugin.PluginSettings;
import io.agentloop.api.setting.Setting;
import java.util.List;

/**
 * The otel plugin's settings ({@code plugins.otel.*}), for the launcher to check and list. Each has
 * a standard {@code OTEL_*} variable too; a setting wins over its variable, because the
 * configuration is written for Agentloop and the variables are often set for every program of a
 * machine. How they are read is {@link ExportConfig}.
 */
public final class OtelSettings implements PluginSettings {
    static final String ENDPOINT = "endpoint";
    static final String HEADERS = "headers";
    static final String SAMPLE_RATIO = "sample-ratio";
    static final String SERVICE_NAME = "service-name";
    static final String CAPTURE_CONTENT = "capture-content";
    static final String EXPORT_TIMEOUT = "export-timeout";
    static final String FLUSH_TIMEOUT = "flush-timeout";
    static final String QUEUE_SIZE = "queue-size";
    static final String METRIC_INTERVAL = "metric-interval";
    static final String PROMETHEUS = "prometheus";
    static final String PROVIDER = "provider";
    static final String MCP_SERVERS = "mcp-servers";

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.text(ENDPOINT, "the OTLP/HTTP collector, e.g. http://localhost:4318 (spans go to /v1/traces, "
                        + "metrics to /v1/metrics); nothing is exported until it or an OTEL_EXPORTER_OTLP_*ENDPOINT "
                        + "variable is set").withDefault("OTEL_EXPORTER_OTLP_ENDPOINT, else off"),
                Setting.list(HEADERS, "headers sent with every export, as key=value,key2=value2")
                        .withDefault("OTEL_EXPORTER_OTLP_HEADERS"),
                Setting.number(SAMPLE_RATIO, "the share of runs traced, from 0 to 1 (a child span follows its parent)")
                        .withDefault("OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG, else 1"),
                Setting.text(SERVICE_NAME, "the service.name of the spans and metrics")
                        .withDefault("OTEL_SERVICE_NAME, else agentloop"),
                Setting.bool(CAPTURE_CONTENT, "put messages, tool arguments and results on spans (always redacted)")
                        .withDefault("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT, else false"),
                Setting.duration(EXPORT_TIMEOUT, "how long one export may wait for the collector")
                        .withDefault("OTEL_EXPORTER_OTLP_TIMEOUT, else 10s"),
                Setting.duration(FLUSH_TIMEOUT, "how long the launcher waits at exit for the last spans to be sent")
                        .withDefault("5s"),
                Setting.wholeNumber(QUEUE_SIZE, "spans kept waiting for export; more are dropped, never waited for")
                        .withDefault("OTEL_BSP_MAX_QUEUE_SIZE, else 2048"),
                Setting.duration(METRIC_INTERVAL, "how often metrics are sent (and once more at exit)")
                        .withDefault("OTEL_METRIC_EXPORT_INTERVAL, else 60s"),
                Setting.bool(PROMETHEUS, "record the metrics for agentloop serve to answer at /metrics in the "
                        + "Prometheus text format, with or without a collector").withDefault("false"),
                Setting.text(PROVIDER, "gen_ai.provider.name for a model that does not name its provider (the "
                        + "built-in providers do)").withDefault("unknown"),
                Setting.list(MCP_SERVERS, "the MCP servers whose tools' spans name their server (tools are named "
                        + "<server>_<tool>)").withDefault("none"));
    }
}
