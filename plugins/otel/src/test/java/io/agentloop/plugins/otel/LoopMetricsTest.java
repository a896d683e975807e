package io.agentloop.plugins.otel;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.Usage;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The instruments themselves: names, units, buckets and the attributes of each point. */
class LoopMetricsTest {
    final InMemoryTelemetry telemetry = new InMemoryTelemetry();
    final LoopMetrics metrics = new LoopMetrics(telemetry.sdk);
    final Attributes call = Attributes.of(GenAi.OPERATION_NAME, GenAi.CHAT, GenAi.REQUEST_MODEL, "m");

    @AfterEach
    void close() {
        telemetry.close();
    }

    @Test
    void aFailedModelCallHasADurationWithItsErrorTypeAndNoTokens() {
        metrics.modelCall(call, Optional.of(Usage.of(1500, 70)), Duration.ofMillis(250), Optional.empty());
        metrics.modelCall(call, Optional.empty(), Duration.ofMillis(3), Optional.of("java.net.ConnectException"));

        assertThat(telemetry.metricLines()).isEqualTo("""
                gen_ai.client.operation.duration s {error.type=java.net.ConnectException, gen_ai.operation.name=chat, \
                gen_ai.request.model=m} = 1/*
                gen_ai.client.operation.duration s {gen_ai.operation.name=chat, gen_ai.request.model=m} = 1/*
                gen_ai.client.token.usage {token} {gen_ai.operation.name=chat, gen_ai.request.model=m, \
                gen_ai.token.type=input} = 1/1500
                gen_ai.client.token.usage {token} {gen_ai.operation.name=chat, gen_ai.request.model=m, \
                gen_ai.token.type=output} = 1/70
                """);
    }

    @Test
    void theHistogramsUseTheBucketsAndUnitsTheConventionsAdvise() {
        metrics.modelCall(call, Optional.of(Usage.of(1500, 70)), Duration.ofMillis(250), Optional.empty());

        MetricData duration = metric(GenAi.OPERATION_DURATION);
        HistogramPointData seconds = duration.getHistogramData().getPoints().iterator().next();
        assertThat(seconds.getBoundaries()).containsExactlyElementsOf(GenAi.DURATION_BUCKETS);
        assertThat(seconds.getSum()).as("seconds, not milliseconds").isEqualTo(0.25);
        HistogramPointData tokens = metric(GenAi.TOKEN_USAGE).getHistogramData().getPoints().iterator().next();
        assertThat(tokens.getBoundaries()).containsExactlyElementsOf(
                GenAi.TOKEN_BUCKETS.stream().map(Long::doubleValue).toList());
    }

    @Test
    void theLoopsCountersCarryTheirAttributes() {
        metrics.runEnded("a", "answered");
        metrics.runEnded("a", "failed");
        metrics.iteration("a");
        metrics.toolCall("read", "ok");
        metrics.toolCall("read", "not_found");
        metrics.retry("a");
        metrics.compaction("a", "truncate");
        metrics.approvalWaited("deploy");

        assertThat(telemetry.metricLines()).isEqualTo("""
                agentloop.approvals.waited {call} {gen_ai.tool.name=deploy} = 1
                agentloop.compactions {compaction} {agentloop.compaction.strategy=truncate, gen_ai.agent.name=a} = 1
                agentloop.iterations {iteration} {gen_ai.agent.name=a} = 1
                agentloop.retries {retry} {gen_ai.agent.name=a} = 1
                agentloop.runs {run} {agentloop.run.outcome=answered, gen_ai.agent.name=a} = 1
                agentloop.runs {run} {agentloop.run.outcome=failed, gen_ai.agent.name=a} = 1
                agentloop.tool.calls {call} {agentloop.tool.outcome=not_found, gen_ai.tool.name=read} = 1
                agentloop.tool.calls {call} {agentloop.tool.outcome=ok, gen_ai.tool.name=read} = 1
                """);
    }

    private MetricData metric(String name) {
        return telemetry.metrics.collectAllMetrics().stream().filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no metric " + name));
    }
}
