package io.agentloop.plugins.otel;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** An SDK that keeps what it records in memory, and the span tree drawn as text to compare whole. */
final class InMemoryTelemetry implements AutoCloseable {
    final InMemorySpanExporter spans = InMemorySpanExporter.create();
    final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .build();

    List<SpanData> finished() {
        return spans.getFinishedSpanItems();
    }

    /**
     * Every finished span, one a line, children under their parent (indented, by start time): name,
     * kind, status when not unset, attributes sorted by key ({@code leaveOut} left out), then events.
     */
    String tree(String... leaveOut) {
        List<SpanData> all = finished();
        StringBuilder out = new StringBuilder();
        all.stream().filter(span -> !span.getParentSpanContext().isValid()
                        || all.stream().noneMatch(other -> other.getSpanId().equals(span.getParentSpanId())))
                .sorted(Comparator.comparingLong(SpanData::getStartEpochNanos))
                .forEach(root -> draw(root, all, "", out, List.of(leaveOut)));
        return out.toString();
    }

    private static void draw(SpanData span, List<SpanData> all, String indent, StringBuilder out, List<String> leaveOut) {
        out.append(indent).append(span.getName()).append(' ').append(span.getKind());
        if (span.getStatus().getStatusCode() != io.opentelemetry.api.trace.StatusCode.UNSET) {
            out.append(' ').append(span.getStatus().getStatusCode());
        }
        out.append(' ').append(attributes(span.getAttributes().asMap(), leaveOut)).append('\n');
        for (EventData event : span.getEvents()) {
            out.append(indent).append("  * ").append(event.getName()).append(' ')
                    .append(attributes(event.getAttributes().asMap(), leaveOut)).append('\n');
        }
        all.stream().filter(child -> child.getParentSpanId().equals(span.getSpanId()))
                .sorted(Comparator.comparingLong(SpanData::getStartEpochNanos))
                .forEach(child -> draw(child, all, indent + "  ", out, leaveOut));
    }

    private static String attributes(Map<AttributeKey<?>, Object> attributes, List<String> leaveOut) {
        Map<String, Object> sorted = new TreeMap<>();
        attributes.forEach((key, value) -> {
            if (!leaveOut.contains(key.getKey())) {
                sorted.put(key.getKey(), value);
            }
        });
        return sorted.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }

    /**
     * Every metric point, one a line, sorted: {@code name unit {attributes} = value}, where a counter's
     * value is its sum and a histogram's is {@code count/sum}.
     */
    String metricLines() {
        List<String> lines = new java.util.ArrayList<>();
        for (MetricData metric : metrics.collectAllMetrics()) {
            switch (metric.getType()) {
                case LONG_SUM -> metric.getLongSumData().getPoints().forEach(point -> lines.add(metric.getName() + " "
                        + metric.getUnit() + " " + attributes(point.getAttributes().asMap(), List.of()) + " = "
                        + point.getValue()));
                case HISTOGRAM -> metric.getHistogramData().getPoints().forEach(point -> lines.add(metric.getName()
                        + " " + metric.getUnit() + " " + attributes(point.getAttributes().asMap(), List.of()) + " = "
                        + point.getCount() + "/" + (metric.getUnit().equals("s") ? "*" : String.valueOf((long) point.getSum()))));
                default -> lines.add(metric.getName() + " of type " + metric.getType());
            }
        }
        return lines.stream().sorted().map(line -> line + "\n").collect(Collectors.joining());
    }

    @Override
    public void close() {
        sdk.close();
    }
}
