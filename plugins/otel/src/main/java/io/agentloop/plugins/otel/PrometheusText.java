package io.agentloop.plugins.otel;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.data.DoublePointData;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.MetricDataType;
import io.opentelemetry.sdk.metrics.data.PointData;
import io.opentelemetry.sdk.metrics.data.SumData;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SDK's metrics in the Prometheus text format 0.0.4, named by the OpenTelemetry-to-Prometheus
 * rules: characters other than letters, digits, {@code _} and {@code :} become {@code _}; the unit
 * is a suffix ({@code s} as {@code _seconds}; an annotation such as {@code {token}} is none);
 * a monotonic sum is a counter ending in {@code _total}, any other sum or a gauge a gauge; a
 * histogram is its {@code _bucket{le=...}} (cumulative), {@code _sum} and {@code _count}. The
 * plugin records no exponential histogram or summary, so they are left out.
 */
final class PrometheusText {
    private static final Map<String, String> UNITS = Map.of("s", "seconds", "ms", "milliseconds", "By", "bytes",
            "min", "minutes", "h", "hours", "%", "percent");

    private PrometheusText() {
    }

    static String of(Collection<MetricData> metrics) {
        StringBuilder text = new StringBuilder();
        // a stable order, so that two scrapes compare line by line
        Map<String, MetricData> byName = new TreeMap<>();
        metrics.forEach(metric -> byName.putIfAbsent(name(metric), metric));
        byName.forEach((name, metric) -> write(text, name, metric));
        return text.toString();
    }

    private static void write(StringBuilder text, String name, MetricData metric) {
        switch (metric.getType()) {
            case LONG_SUM, DOUBLE_SUM -> {
                SumData<? extends PointData> sum = metric.getType() == MetricDataType.LONG_SUM
                        ? metric.getLongSumData() : metric.getDoubleSumData();
                boolean counter = sum.isMonotonic();
                String family = counter ? name + "_total" : name;
                header(text, family, metric, counter ? "counter" : "gauge");
                sum.getPoints().forEach(point -> sample(text, family, point.getAttributes(), "", value(point)));
            }
            case LONG_GAUGE, DOUBLE_GAUGE -> {
                header(text, name, metric, "gauge");
                (metric.getType() == MetricDataType.LONG_GAUGE
                        ? metric.getLongGaugeData().getPoints() : metric.getDoubleGaugeData().getPoints())
                        .forEach(point -> sample(text, name, point.getAttributes(), "", value(point)));
            }
            case HISTOGRAM -> {
                header(text, name, metric, "histogram");
                for (HistogramPointData point : metric.getHistogramData().getPoints()) {
                    List<Double> bounds = point.getBoundaries();
                    List<Long> counts = point.getCounts();
                    long cumulative = 0;
                    for (int i = 0; i < counts.size(); i++) {
                        cumulative += counts.get(i);
                        String le = i < bounds.size() ? number(bounds.get(i)) : "+Inf";
                        sample(text, name + "_bucket", point.getAttributes(), "le=\"" + le + "\"",
                                Long.toString(cumulative));
                    }
                    sample(text, name + "_sum", point.getAttributes(), "", number(point.getSum()));
                    sample(text, name + "_count", point.getAttributes(), "", Long.toString(point.getCount()));
                }
            }
            case EXPONENTIAL_HISTOGRAM, SUMMARY -> {
                // not recorded by this plugin
            }
        }
    }

    private static void header(StringBuilder text, String family, MetricData metric, String type) {
        if (!metric.getDescription().isEmpty()) {
            text.append("# HELP ").append(family).append(' ')
                    .append(metric.getDescription().replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
        }
        text.append("# TYPE ").append(family).append(' ').append(type).append('\n');
    }

    private static void sample(StringBuilder text, String name, Attributes attributes, String extra, String value) {
        text.append(name);
        Map<String, String> labels = new TreeMap<>();
        attributes.forEach((key, v) -> labels.merge(sanitize(key.getKey()), String.valueOf(v), (a, b) -> a + ";" + b));
        if (!labels.isEmpty() || !extra.isEmpty()) {
            StringBuilder inside = new StringBuilder();
            labels.forEach((key, v) -> inside.append(inside.isEmpty() ? "" : ",").append(key).append("=\"")
                    .append(v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")).append('"'));
            if (!extra.isEmpty()) {
                inside.append(inside.isEmpty() ? "" : ",").append(extra);
            }
            text.append('{').append(inside).append('}');
        }
        text.append(' ').append(value).append('\n');
    }

    private static String value(PointData point) {
        return switch (point) {
            case LongPointData longs -> Long.toString(longs.getValue());
            case DoublePointData doubles -> number(doubles.getValue());
            default -> throw new IllegalStateException("a sum or gauge point is long or double: " + point);
        };
    }

    private static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }

    /** The metric's Prometheus name: sanitized, with its unit as a suffix unless it ends so already. */
    static String name(MetricData metric) {
        String name = sanitize(metric.getName());
        String unit = metric.getUnit().replaceAll("\\{[^}]*}", "").strip();
        if (!unit.isEmpty() && !unit.equals("1")) {
            String suffix = sanitize(UNITS.getOrDefault(unit, unit));
            if (!name.endsWith("_" + suffix)) {
                name = name + "_" + suffix;
            }
        }
        return name;
    }

    private static String sanitize(String name) {
        String clean = name.replaceAll("[^a-zA-Z0-9_:]", "_").replaceAll("__+", "_");
        return Character.isDigit(clean.charAt(0)) ? "_" + clean : clean;
    }
}
