package io.agentloop.plugins.otel;

import io.agentloop.api.hook.ReasoningInterceptor;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.plugin.PluginContext;

/**
 * A {@code chat} span around each model call, retries included (they are its events). Outermost, so
 * the span holds what other interceptors do too.
 */
public final class ChatSpanInterceptor implements ReasoningInterceptor {
    private final RunTracer tracer;

    public ChatSpanInterceptor(PluginContext plugin) {
        this(Tracing.of(plugin));
    }

    ChatSpanInterceptor(RunTracer tracer) {
        this.tracer = tracer;
    }

    @Override
    public AssistantMessage intercept(Chain chain) {
        return tracer.reasoning(chain);
    }

    @Override
    public int order() {
        return Integer.MIN_VALUE;
    }
}
