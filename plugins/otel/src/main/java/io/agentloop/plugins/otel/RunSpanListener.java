package io.agentloop.plugins.otel;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.plugin.PluginContext;

/** Each run's {@code invoke_agent} span and what only the run's events tell (see {@link RunTracer}). */
public final class RunSpanListener implements AgentListener {
    private final RunTracer tracer;

    public RunSpanListener(PluginContext plugin) {
        this(Tracing.of(plugin));
    }

    RunSpanListener(RunTracer tracer) {
        this.tracer = tracer;
    }

    @Override
    public void onEvent(AgentEvent event) {
        tracer.onEvent(event);
    }
}
