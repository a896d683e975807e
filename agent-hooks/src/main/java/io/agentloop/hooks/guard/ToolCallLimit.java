package io.agentloop.hooks.guard;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A guard on tool use within a run: at most {@code maxCalls} tool calls in all, and at most
 * {@code perTool} calls of a named tool. A call past a limit does not run; the model gets an error
 * result saying which limit and to answer with what it has, so a runaway loop ends in an answer
 * rather than a timeout.
 */
public final class ToolCallLimit implements ActingInterceptor {
    public static final String LIMIT_REACHED = "limit_reached";
    private static final String COUNTS = ToolCallLimit.class.getName();

    private final int maxCalls;
    private final Map<String, Integer> perTool;

    public ToolCallLimit(int maxCalls, Map<String, Integer> perTool) {
        if (maxCalls < 1) {
            throw new IllegalArgumentException("maxCalls must be at least 1, was " + maxCalls);
        }
        this.maxCalls = maxCalls;
        this.perTool = Map.copyOf(perTool);
    }

    @Override
    @SuppressWarnings("unchecked")
    public ToolResult intercept(Chain chain) {
        Map<String, AtomicInteger> counts = (Map<String, AtomicInteger>) chain.context().attributes()
                .computeIfAbsent(COUNTS, key -> new ConcurrentHashMap<String, AtomicInteger>());
        ToolCall call = chain.call();
        int all = counts.computeIfAbsent("", key -> new AtomicInteger()).incrementAndGet();
        if (all > maxCalls) {
            return ToolResult.failure(LIMIT_REACHED, "this run reached its limit of " + maxCalls + " tool calls; "
                    + "answer with what you have");
        }
        Integer toolLimit = perTool.get(call.name());
        int ofTool = counts.computeIfAbsent(call.name(), key -> new AtomicInteger()).incrementAndGet();
        if (toolLimit != null && ofTool > toolLimit) {
            return ToolResult.failure(LIMIT_REACHED, "this run reached its limit of " + toolLimit + " calls of '"
                    + call.name() + "'; answer with what you have, or use another tool");
        }
        return chain.proceed(call);
    }
}
