package io.agentloop.plugins.otel;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.CollectionRegistration;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import java.util.Collection;

/**
 * The SDK's metrics read when asked (a scrape), not on a timer: what {@link PrometheusExposition}
 * writes. Cumulative, as Prometheus counts. Reading takes the SDK's current sums and touches no
 * network. Thread-safe.
 */
final class PullReader implements MetricReader {
    private volatile CollectionRegistration registration = CollectionRegistration.noop();

    @Override
    public void register(CollectionRegistration registration) {
        this.registration = registration;
    }

    /** The metrics as they are now; none before the SDK registers this reader or after it shuts down. */
    Collection<MetricData> collect() {
        return registration.collectAllMetrics();
    }

    @Override
    public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
        return AggregationTemporality.CUMULATIVE;
    }

    @Override
    public CompletableResultCode forceFlush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        registration = CollectionRegistration.noop();
        return CompletableResultCode.ofSuccess();
    }
}
