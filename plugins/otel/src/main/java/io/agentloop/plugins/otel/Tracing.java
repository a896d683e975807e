package io.agentloop.plugins.otel;

import io.agentloop.api.plugin.PluginContext;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.UnaryOperator;

/**
 * The one {@link RunTracer} of a plugin: the platform creates each extension class on its own (one
 * instance per service listing), and all of them must see the same runs. Keyed by the plugin's
 * context, of which there is one per plugin.
 */
final class Tracing {
    private static final Map<PluginContext, RunTracer> BY_PLUGIN = new WeakHashMap<>();

    private Tracing() {
    }

    static synchronized RunTracer of(PluginContext plugin) {
        return BY_PLUGIN.computeIfAbsent(plugin, context -> {
            Telemetry telemetry = Telemetry.of(context);
            // Content is masked by each run's own redactor (the platform's) before it reaches a span.
            return new RunTracer(telemetry.openTelemetry(), telemetry.captureContent(), UnaryOperator.identity(),
                    context.setting(OtelSettings.PROVIDER).orElse("unknown"),
                    context.setting(OtelSettings.MCP_SERVERS).map(McpServers::parse).orElse(McpServers.NONE),
                    new PausedRuns(() -> context.dataFolder().resolve("paused-runs")));
        });
    }
}
