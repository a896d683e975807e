package io.agentloop.core;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Names runs: {@code run-}, the start time in base 36 and a counter unique in this JVM. A tool call
 * served without a model ({@link Agent#callTool}) is a run of its own and gets one too.
 */
final class RunIds {
    private static final AtomicLong RUNS = new AtomicLong();

    private RunIds() {
    }

    static String nextRunId() {
        return "run-" + Long.toString(System.currentTimeMillis(), 36) + "-" + RUNS.incrementAndGet();
    }
}
