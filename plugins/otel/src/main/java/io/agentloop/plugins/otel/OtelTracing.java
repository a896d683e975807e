package io.agentloop.plugins.otel;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.hook.Hook;
import io.opentelemetry.api.OpenTelemetry;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The plugin's spans and metrics on an OpenTelemetry of the caller's, for an agent built in code
 * (the launcher loads the plugin instead, configured by its settings).
 *
 * <pre>{@code
 * OtelTracing tracing = OtelTracing.of(openTelemetry, "openai", false, dataFolder);
 * Agent agent = Agent.builder().model(model).hooks(tracing.hooks().toArray(Hook[]::new))
 *         .listeners(tracing.listener()).build();
 * }</pre>
 *
 * @param hooks    the interceptors that make the {@code chat} and {@code execute_tool} spans
 * @param listener makes the {@code invoke_agent} spans and counts what events tell
 */
public record OtelTracing(List<Hook> hooks, AgentListener listener) {
    public OtelTracing {
        hooks = List.copyOf(hooks);
    }

    /**
     * @param provider       the {@code gen_ai.provider.name} of the agent's model calls ({@code openai})
     * @param captureContent whether messages, tool arguments and results go on spans (masked)
     * @param dataFolder     where a run that pauses for approval leaves its span for the run that goes on
     */
    public static OtelTracing of(OpenTelemetry openTelemetry, String provider, boolean captureContent, Path dataFolder) {
        RunTracer tracer = new RunTracer(openTelemetry, captureContent, UnaryOperator.identity(), provider,
                McpServers.NONE, new PausedRuns(() -> dataFolder.resolve("paused-runs")));
        return new OtelTracing(List.of(new ChatSpanInterceptor(tracer), new ToolSpanInterceptor(tracer)),
                new RunSpanListener(tracer));
    }
}
