package io.agentloop.plugins.otel;

import io.agentloop.api.plugin.PluginContext;
import io.opentelemetry.api.OpenTelemetry;

/**
 * The plugin's OpenTelemetry SDK, one per plugin, shared by its extensions (the listener and the
 * interceptors are created separately and meet here). Off until configured: with nothing to export
 * to, it is the no-op implementation and a run pays nothing for it.
 */
public final class Telemetry {
    private final OpenTelemetry openTelemetry;
    private final boolean captureContent;

    Telemetry(OpenTelemetry openTelemetry, boolean captureContent) {
        this.openTelemetry = openTelemetry;
        this.captureContent = captureContent;
    }

    /** The telemetry of the plugin {@code context} belongs to. */
    public static Telemetry of(PluginContext context) {
        return new Telemetry(OpenTelemetry.noop(), false);
    }

    public OpenTelemetry openTelemetry() {
        return openTelemetry;
    }

    /** Whether message content, tool arguments and results go on spans (always redacted). */
    public boolean captureContent() {
        return captureContent;
    }
}
