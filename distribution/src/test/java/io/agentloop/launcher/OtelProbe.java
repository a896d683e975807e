package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.plugin.PluginContext;
import io.agentloop.plugins.otel.Telemetry;
import io.opentelemetry.api.trace.Tracer;

/**
 * Put into a copy of the otel plugin's jar by {@link OtelExportIT}: a span for each event of a run,
 * made with the plugin's own telemetry, so the test sees the export whatever spans the plugin's
 * listeners make.
 */
public final class OtelProbe implements AgentListener {
    private final Tracer tracer;

    public OtelProbe(PluginContext plugin) {
        this.tracer = Telemetry.of(plugin).openTelemetry().getTracer("io.agentloop.test.probe");
    }

    @Override
    public void onEvent(AgentEvent event) {
        tracer.spanBuilder("probe " + event.getClass().getSimpleName()).startSpan().end();
    }
}
