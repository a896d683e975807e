package io.agentloop.plugins.otel;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One run's tracing state, from its start event to its end event. Its {@code invoke_agent} span
 * starts (back-dated to the run's start) at the run's first step, because only then is it known
 * whether the run goes on from a paused one, whose span becomes its parent. Thread-safe: the run's
 * thread and its tools' threads reach it.
 */
final class RunTrace {
    final String runId;
    final String agent;
    final boolean subAgent;
    private final Context parent;
    private final long startedEpochNanos;
    /** The listener's scope on the run's thread, opened at the start event and closed at the end one. */
    private Scope scope;
    private Thread scopeThread;
    private Span span;
    private Span compaction;
    /** Tool calls whose outcome their end event tells (refused, or waiting for a person), by call id. */
    private final Map<String, Span> unsettled = new HashMap<>();

    RunTrace(String runId, String agent, boolean subAgent, Context parent, long startedEpochNanos) {
        this.runId = runId;
        this.agent = agent;
        this.subAgent = subAgent;
        this.parent = parent;
        this.startedEpochNanos = startedEpochNanos;
    }

    /**
     * The run's span, started now if it has not been: under the paused run that one of {@code callIds}
     * (the calls the run starts with) belongs to, if any, else under the context the run started in.
     */
    synchronized Span span(Tracer tracer, Collection<String> callIds,
                           Function<Collection<String>, Optional<SpanContext>> pausedRun) {
        if (span == null) {
            Context under = subAgent ? parent
                    : pausedRun.apply(callIds).map(paused -> Context.root().with(Span.wrap(paused))).orElse(parent);
            span = tracer.spanBuilder(GenAi.INVOKE_AGENT + " " + agent).setSpanKind(SpanKind.INTERNAL)
                    .setParent(under).setStartTimestamp(startedEpochNanos, TimeUnit.NANOSECONDS)
                    .setAttribute(GenAi.OPERATION_NAME, GenAi.INVOKE_AGENT).setAttribute(GenAi.AGENT_NAME, agent)
                    .setAttribute(GenAi.RUN_ID, runId).startSpan();
        }
        return span;
    }

    /** Makes {@code context} current on this thread until {@link #closeScope()}. */
    void openScope(Context context) {
        scope = context.makeCurrent();
        scopeThread = Thread.currentThread();
    }

    /** Closes the scope, if this is the thread that opened it (a scope closed elsewhere would undo another's). */
    void closeScope() {
        if (scope != null && scopeThread == Thread.currentThread()) {
            scope.close();
        }
    }

    synchronized void compactionStarted(Span started) {
        compaction = started;
    }

    /** The compaction under way, taken off the run. */
    synchronized Optional<Span> compactionEnded() {
        Span ended = compaction;
        compaction = null;
        return Optional.ofNullable(ended);
    }

    synchronized void unsettled(String callId, Span span) {
        unsettled.put(callId, span);
    }

    /** The span of a tool call whose outcome was not yet known, taken off the run. */
    synchronized Optional<Span> settled(String callId) {
        return Optional.ofNullable(unsettled.remove(callId));
    }

    /** Every call whose outcome never came, taken off the run. */
    synchronized List<Span> unsettled() {
        List<Span> left = List.copyOf(unsettled.values());
        unsettled.clear();
        return left;
    }

    synchronized Optional<Span> compaction() {
        return Optional.ofNullable(compaction);
    }
}
