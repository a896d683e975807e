package io.agentloop.plugins.otel;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporterBuilder;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.OpenTelemetrySdkBuilder;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.SdkMeterProviderBuilder;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The OpenTelemetry SDK exporting over OTLP (HTTP/protobuf, sent by the JDK's HTTP client) as an
 * {@link ExportConfig} says. Nothing here makes a run wait: spans queue in a bounded batch
 * processor whose worker sends them (a full queue drops, never blocks), metrics are read and sent
 * by their own periodic worker (or kept for a scrape, {@link PullReader}), and a failed export is not retried, so a dead collector costs each
 * batch one refused connection. {@link #close()} sends what is left, waiting at most the flush timeout.
 */
final class OtlpSdk implements AutoCloseable {
    private final ExportConfig config;
    private final OpenTelemetrySdk sdk;
    private final Optional<ExportWatch> watch;
    private final Optional<PullReader> pull;
    private final Consumer<String> report;
    private final AtomicBoolean closed = new AtomicBoolean();

    private OtlpSdk(ExportConfig config, OpenTelemetrySdk sdk, Optional<ExportWatch> watch, Optional<PullReader> pull,
                    Consumer<String> report) {
        this.config = config;
        this.sdk = sdk;
        this.watch = watch;
        this.pull = pull;
        this.report = report;
    }

    /**
     * @param report where the one line about lost spans goes, at close
     */
    static OtlpSdk start(ExportConfig config, Consumer<String> report) {
        SdkLogs.route();
        AttributesBuilder attributes = Attributes.builder();
        config.resourceAttributes().forEach(attributes::put);
        Resource resource = Resource.getDefault().merge(Resource.create(attributes
                .put(AttributeKey.stringKey("service.name"), config.serviceName()).build()));
        OpenTelemetrySdkBuilder sdk = OpenTelemetrySdk.builder()
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()));
        Optional<ExportWatch> watch = config.traces().map(endpoint -> new ExportWatch(endpoint, config.exportTimeout()));
        if (config.traces().isPresent()) {
            ExportWatch spans = watch.orElseThrow();
            BatchSpanProcessor batches = BatchSpanProcessor.builder(spans.watching(spanExporter(config,
                            config.traces().get())))
                    .setMaxQueueSize(config.queueSize())
                    .setMaxExportBatchSize(Math.min(512, config.queueSize()))
                    .setExporterTimeout(config.exportTimeout())
                    .setMeterProvider(MeterProvider.noop())
                    .build();
            sdk.setTracerProvider(SdkTracerProvider.builder().setResource(resource).setSampler(config.sampler())
                    .addSpanProcessor(spans.counting(batches)).build());
        }
        Optional<PullReader> pull = config.prometheus() ? Optional.of(new PullReader()) : Optional.empty();
        if (config.metrics().isPresent() || pull.isPresent()) {
            SdkMeterProviderBuilder meters = SdkMeterProvider.builder().setResource(resource);
            config.metrics().ifPresent(endpoint -> meters.registerMetricReader(PeriodicMetricReader.builder(
                    metricExporter(config, endpoint)).setInterval(config.metricInterval()).build()));
            pull.ifPresent(meters::registerMetricReader);
            sdk.setMeterProvider(meters.build());
        }
        return new OtlpSdk(config, sdk.build(), watch, pull, report);
    }

    private static OtlpHttpSpanExporter spanExporter(ExportConfig config, URI endpoint) {
        OtlpHttpSpanExporterBuilder builder = OtlpHttpSpanExporter.builder().setEndpoint(endpoint.toString())
                .setTimeout(config.exportTimeout()).setConnectTimeout(config.exportTimeout())
                .setRetryPolicy(null).setMeterProvider(MeterProvider.noop())
                // the JDK sender is found as a service of the plugin's own class loader, not the thread's
                .setServiceClassLoader(OtlpSdk.class.getClassLoader());
        config.headers().forEach(builder::addHeader);
        return builder.build();
    }

    private static OtlpHttpMetricExporter metricExporter(ExportConfig config, URI endpoint) {
        OtlpHttpMetricExporterBuilder builder = OtlpHttpMetricExporter.builder().setEndpoint(endpoint.toString())
                .setTimeout(config.exportTimeout()).setConnectTimeout(config.exportTimeout())
                .setRetryPolicy(null).setMeterProvider(MeterProvider.noop())
                .setServiceClassLoader(OtlpSdk.class.getClassLoader());
        config.headers().forEach(builder::addHeader);
        return builder.build();
    }

    /**
     * The SDK; without a trace endpoint, its metrics with the no-op tracer, so that runs make no span
     * (the SDK's own tracer would record every span for no one).
     */
    OpenTelemetry openTelemetry() {
        return config.traces().isPresent() ? sdk : new MetricsOnly(sdk);
    }

    /** The reader a scrape reads, when {@code plugins.otel.prometheus} is on. */
    Optional<PullReader> pull() {
        return pull;
    }

    private record MetricsOnly(OpenTelemetrySdk sdk) implements OpenTelemetry {
        @Override
        public TracerProvider getTracerProvider() {
            return TracerProvider.noop();
        }

        @Override
        public MeterProvider getMeterProvider() {
            return sdk.getMeterProvider();
        }

        @Override
        public ContextPropagators getPropagators() {
            return sdk.getPropagators();
        }
    }

    /**
     * Sends the spans and metrics still waiting and stops the SDK's workers, returning when that is
     * done or when the flush timeout has passed, whichever comes first; then says in one line what
     * could not be exported, if anything. Only the first call does anything.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // The SDK's shutdown is not itself bounded: the metric reader's last export blocks its caller
        // (up to the SDK's own ten seconds) before any result comes back to wait on. So it runs on a
        // daemon thread, and the flush timeout is how long that thread is waited for.
        Thread stopping = Thread.ofPlatform().daemon().name("otel-shutdown")
                .start(() -> sdk.shutdown().join(config.flushTimeout().toMillis(), TimeUnit.MILLISECONDS));
        try {
            stopping.join(config.flushTimeout());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        watch.flatMap(w -> w.report(config.flushTimeout())).ifPresent(report);
    }
}
