package io.agentloop.plugins.otel;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.plugin.PluginContext;
import io.agentloop.api.tool.ToolResult;

/**
 * An {@code execute_tool} span around each tool call. Outermost, so a call another interceptor
 * refuses has its span too.
 */
public final class ToolSpanInterceptor implements ActingInterceptor {
    private final RunTracer tracer;

    public ToolSpanInterceptor(PluginContext plugin) {
        this(Tracing.of(plugin));
    }

    ToolSpanInterceptor(RunTracer tracer) {
        this.tracer = tracer;
    }

    @Override
    public ToolResult intercept(Chain chain) {
        return tracer.acting(chain);
    }

    @Override
    public int order() {
        return Integer.MIN_VALUE;
    }
}
