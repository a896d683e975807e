package io.agentloop.plugins.otel;

import io.agentloop.api.metrics.MetricsExposition;
import io.agentloop.api.plugin.PluginContext;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The plugin's metrics for {@code agentloop serve}'s {@code GET /metrics}, on with
 * {@code plugins.otel.prometheus: true} (whether or not they also go to a collector): what the SDK
 * has summed so far, in the Prometheus text format ({@link PrometheusText}).
 */
public final class PrometheusExposition implements MetricsExposition {
    private final Optional<PullReader> pull;

    public PrometheusExposition(PluginContext plugin) {
        this(Telemetry.of(plugin));
    }

    PrometheusExposition(Telemetry telemetry) {
        this.pull = telemetry.pull();
    }

    @Override
    public boolean enabled() {
        return pull.isPresent();
    }

    @Override
    public String contentType() {
        return PROMETHEUS_TEXT;
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        if (pull.isPresent()) {
            out.write(PrometheusText.of(pull.get().collect()).getBytes(StandardCharsets.UTF_8));
        }
    }
}
