package io.agentloop.plugins.otel;

import io.agentloop.api.message.Usage;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import java.time.Duration;
import java.util.Optional;

/**
 * The plugin's instruments: the two GenAI client histograms and the loop's counters. Created once
 * per {@link RunTracer}; the SDK's instruments are thread-safe.
 */
final class LoopMetrics {
    private final LongHistogram tokenUsage;
    private final DoubleHistogram operationDuration;
    private final LongCounter runs;
    private final LongCounter iterations;
    private final LongCounter toolCalls;
    private final LongCounter retries;
    private final LongCounter compactions;
    private final LongCounter approvalsWaited;

    LoopMetrics(OpenTelemetry openTelemetry) {
        Meter meter = openTelemetry.meterBuilder(GenAi.INSTRUMENTATION)
                .setSchemaUrl("https://opentelemetry.io/schemas/" + GenAi.SEMCONV_VERSION).build();
        tokenUsage = meter.histogramBuilder(GenAi.TOKEN_USAGE).ofLongs().setUnit("{token}")
                .setDescription("Tokens used by model calls, by direction")
                .setExplicitBucketBoundariesAdvice(GenAi.TOKEN_BUCKETS).build();
        operationDuration = meter.histogramBuilder(GenAi.OPERATION_DURATION).setUnit("s")
                .setDescription("Duration of model calls, retries included")
                .setExplicitBucketBoundariesAdvice(GenAi.DURATION_BUCKETS).build();
        runs = counter(meter, GenAi.RUNS, "{run}", "Runs ended, by outcome");
        iterations = counter(meter, GenAi.ITERATIONS, "{iteration}", "Loop iterations begun");
        toolCalls = counter(meter, GenAi.TOOL_CALLS, "{call}", "Tool calls, by tool and outcome");
        retries = counter(meter, GenAi.RETRIES, "{retry}", "Model calls tried again");
        compactions = counter(meter, GenAi.COMPACTIONS, "{compaction}", "Conversations compacted");
        approvalsWaited = counter(meter, GenAi.APPROVALS_WAITED, "{call}",
                "Tool calls that paused their run to wait for a person's approval");
    }

    private static LongCounter counter(Meter meter, String name, String unit, String description) {
        return meter.counterBuilder(name).setUnit(unit).setDescription(description).build();
    }

    /** One model call: its tokens (when it answered) and its duration ({@code error} when it failed). */
    void modelCall(Attributes call, Optional<Usage> usage, Duration duration, Optional<String> error) {
        usage.ifPresent(used -> {
            tokenUsage.record(used.inputTokens(), with(call, GenAi.TOKEN_TYPE, GenAi.TOKEN_INPUT));
            tokenUsage.record(used.outputTokens(), with(call, GenAi.TOKEN_TYPE, GenAi.TOKEN_OUTPUT));
        });
        operationDuration.record(duration.toNanos() / 1e9,
                error.map(type -> with(call, GenAi.ERROR_TYPE, type)).orElse(call));
    }

    void runEnded(String agent, String outcome) {
        runs.add(1, Attributes.of(GenAi.AGENT_NAME, agent, GenAi.RUN_OUTCOME, outcome));
    }

    void iteration(String agent) {
        iterations.add(1, Attributes.of(GenAi.AGENT_NAME, agent));
    }

    void toolCall(String tool, String outcome) {
        toolCalls.add(1, Attributes.of(GenAi.TOOL_NAME, tool, GenAi.TOOL_OUTCOME, outcome));
    }

    void retry(String agent) {
        retries.add(1, Attributes.of(GenAi.AGENT_NAME, agent));
    }

    void compaction(String agent, String strategy) {
        compactions.add(1, Attributes.of(GenAi.AGENT_NAME, agent, GenAi.COMPACTION_STRATEGY, strategy));
    }

    void approvalWaited(String tool) {
        approvalsWaited.add(1, Attributes.of(GenAi.TOOL_NAME, tool));
    }

    private static Attributes with(Attributes base, AttributeKey<String> key, String value) {
        return base.toBuilder().put(key, value).build();
    }
}
