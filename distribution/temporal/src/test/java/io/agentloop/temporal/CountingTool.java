package io.agentloop.temporal;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tool that counts how often each of its calls ran ({@code {"n": k}}), and can hold the first
 * execution of one call until its run stops it (cancellation, a worker stopping).
 */
final class CountingTool implements Tool {
    private final String name;
    private final boolean readOnly;
    private final int holdFirstOf;
    private final Map<Integer, AtomicInteger> executions = new ConcurrentHashMap<>();
    private final CountDownLatch held = new CountDownLatch(1);

    private CountingTool(String name, boolean readOnly, int holdFirstOf) {
        this.name = name;
        this.readOnly = readOnly;
        this.holdFirstOf = holdFirstOf;
    }

    /** Safe to repeat (it only reads). */
    static CountingTool reading(String name) {
        return new CountingTool(name, true, 0);
    }

    /** Safe to repeat; the first execution of call {@code n} runs until it is stopped. */
    static CountingTool readingHolding(String name, int n) {
        return new CountingTool(name, true, n);
    }

    /** Changes things (not safe to repeat); the first execution of call {@code n} runs until it is stopped. */
    static CountingTool changingHolding(String name, int n) {
        return new CountingTool(name, false, n);
    }

    @Override
    public ToolSpec spec() {
        return ToolSpec.builder(name).description("counts its calls").integerParameter("n", "the call's number", true)
                .build();
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public ToolResult execute(ToolArguments arguments, ToolContext context) throws Exception {
        int n = arguments.integer("n").orElseThrow().intValue();
        int execution = executions.computeIfAbsent(n, k -> new AtomicInteger()).incrementAndGet();
        if (n == holdFirstOf && execution == 1) {
            held.countDown();
            while (!context.cancellation().await(Duration.ofSeconds(1))) {
                // held: only the run's stop ends this execution
            }
            return ToolResult.failure(ToolResult.Failure.CANCELLED, "stopped while held");
        }
        return ToolResult.success("counted " + n);
    }

    /** Waits until the held execution started. */
    boolean awaitHeld() throws InterruptedException {
        return held.await(5, TimeUnit.MINUTES);
    }

    /** How often each call ran, by its number. */
    Map<Integer, Integer> executions() {
        Map<Integer, Integer> counts = new TreeMap<>();
        executions.forEach((n, count) -> counts.put(n, count.get()));
        return counts;
    }
}
