package io.agentloop.plugins.otel;

import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * Where and how the plugin exports, read from its settings ({@code plugins.otel.*}) and the standard
 * {@code OTEL_*} variables: a setting wins over its variable (see {@link OtelSettings}). A value
 * that is not one is an {@link IllegalArgumentException} naming the key or variable and what it
 * must be. With no endpoint at all, or {@code OTEL_SDK_DISABLED=true}, nothing is exported.
 *
 * @param traces         where spans go ({@code .../v1/traces}), empty when they are not exported
 * @param metrics        where metrics go ({@code .../v1/metrics}), empty when they are not exported
 * @param headers        sent with every export
 * @param sampler        which traces are kept
 * @param serviceName    the resource's {@code service.name}
 * @param resourceAttributes more attributes of the resource ({@code OTEL_RESOURCE_ATTRIBUTES})
 * @param captureContent whether content goes on spans
 * @param exportTimeout  how long one export may take
 * @param flushTimeout   how long shutting down may wait for the last exports
 * @param queueSize      spans waiting for export at most
 * @param metricInterval how often metrics are exported
 * @param prometheus     whether metrics are kept for a scrape ({@link PrometheusExposition}), collector or not
 */
record ExportConfig(Optional<URI> traces, Optional<URI> metrics, Map<String, String> headers, Sampler sampler,
                    String serviceName, Map<String, String> resourceAttributes, boolean captureContent, Duration exportTimeout, Duration flushTimeout,
                    int queueSize, Duration metricInterval, boolean prometheus) {
    private static final String PREFIX = "plugins.otel.";

    ExportConfig {
        Objects.requireNonNull(traces, "traces");
        Objects.requireNonNull(metrics, "metrics");
        headers = Map.copyOf(headers);
        Objects.requireNonNull(sampler, "sampler");
        Objects.requireNonNull(serviceName, "serviceName");
        resourceAttributes = Map.copyOf(resourceAttributes);
        if (queueSize < 1) {
            throw new IllegalArgumentException("the span queue needs room for one span at least, found " + queueSize);
        }
    }

    /** Whether anything is exported or scraped: otherwise the plugin's telemetry is the no-op one. */
    boolean exports() {
        return traces.isPresent() || metrics.isPresent() || prometheus;
    }

    /**
     * The configuration from the plugin's {@code settings} (keys without {@code plugins.otel.}) and the
     * variables {@code env} gives (null when unset).
     *
     * @throws IllegalArgumentException naming the key or variable whose value is not one
     */
    static ExportConfig read(Map<String, String> settings, UnaryOperator<String> env) {
        Values values = new Values(settings, env);
        boolean disabled = values.bool(null, "OTEL_SDK_DISABLED").orElse(false);
        Optional<URI> traces = Optional.empty();
        Optional<URI> metrics = Optional.empty();
        Optional<String> base = values.setting(OtelSettings.ENDPOINT);
        if (disabled) {
            // nothing is exported
        } else if (base.isPresent()) {
            URI root = url(PREFIX + OtelSettings.ENDPOINT, base.get());
            traces = Optional.of(below(root, "v1/traces"));
            metrics = Optional.of(below(root, "v1/metrics"));
        } else {
            for (String protocol : List.of("OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
                    "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL")) {
                values.variable(protocol).filter(p -> !p.strip().equalsIgnoreCase("http/protobuf")).ifPresent(p -> {
                    throw new IllegalArgumentException(protocol + ": expected http/protobuf (the otel plugin sends "
                            + "OTLP over HTTP only), found '" + p + "'");
                });
            }
            Optional<URI> root = values.variable("OTEL_EXPORTER_OTLP_ENDPOINT")
                    .map(text -> url("OTEL_EXPORTER_OTLP_ENDPOINT", text));
            traces = values.variable("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
                    .map(text -> url("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", text))
                    .or(() -> root.map(r -> below(r, "v1/traces")));
            metrics = values.variable("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT")
                    .map(text -> url("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT", text))
                    .or(() -> root.map(r -> below(r, "v1/metrics")));
        }
        Map<String, String> headers = values.setting(OtelSettings.HEADERS)
                .map(text -> pairs(PREFIX + OtelSettings.HEADERS, text, false, true))
                .or(() -> values.variable("OTEL_EXPORTER_OTLP_HEADERS")
                        .map(text -> pairs("OTEL_EXPORTER_OTLP_HEADERS", text, true, true)))
                .orElse(Map.of());
        Sampler sampler = values.setting(OtelSettings.SAMPLE_RATIO)
                .map(text -> Sampler.parentBased(Sampler.traceIdRatioBased(ratio(PREFIX + OtelSettings.SAMPLE_RATIO,
                        text))))
                .orElseGet(() -> sampler(values));
        Map<String, String> attributes = values.variable("OTEL_RESOURCE_ATTRIBUTES")
                .map(text -> pairs("OTEL_RESOURCE_ATTRIBUTES", text, true, false)).orElse(Map.of());
        String service = values.setting(OtelSettings.SERVICE_NAME).or(() -> values.variable("OTEL_SERVICE_NAME"))
                .or(() -> Optional.ofNullable(attributes.get("service.name"))).orElse("agentloop");
        boolean content = values.bool(OtelSettings.CAPTURE_CONTENT, "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT")
                .orElse(false);
        Duration exportTimeout = values.duration(OtelSettings.EXPORT_TIMEOUT, "OTEL_EXPORTER_OTLP_TIMEOUT")
                .orElse(Duration.ofSeconds(10));
        Duration flushTimeout = values.duration(OtelSettings.FLUSH_TIMEOUT, null).orElse(Duration.ofSeconds(5));
        int queue = values.count(OtelSettings.QUEUE_SIZE, "OTEL_BSP_MAX_QUEUE_SIZE").orElse(2048);
        Duration interval = values.duration(OtelSettings.METRIC_INTERVAL, "OTEL_METRIC_EXPORT_INTERVAL")
                .orElse(Duration.ofSeconds(60));
        boolean prometheus = !disabled && values.bool(OtelSettings.PROMETHEUS, null).orElse(false);
        return new ExportConfig(traces, metrics, headers, sampler, service, attributes, content, exportTimeout, flushTimeout, queue,
                interval, prometheus);
    }

    private static Sampler sampler(Values values) {
        Optional<String> name = values.variable("OTEL_TRACES_SAMPLER").map(s -> s.toLowerCase(Locale.ROOT));
        double ratio = values.variable("OTEL_TRACES_SAMPLER_ARG").map(text -> ratio("OTEL_TRACES_SAMPLER_ARG", text))
                .orElse(1.0);
        return switch (name.orElse("parentbased_always_on")) {
            case "always_on" -> Sampler.alwaysOn();
            case "always_off" -> Sampler.alwaysOff();
            case "traceidratio" -> Sampler.traceIdRatioBased(ratio);
            case "parentbased_always_on" -> Sampler.parentBased(Sampler.alwaysOn());
            case "parentbased_always_off" -> Sampler.parentBased(Sampler.alwaysOff());
            case "parentbased_traceidratio" -> Sampler.parentBased(Sampler.traceIdRatioBased(ratio));
            default -> throw new IllegalArgumentException("OTEL_TRACES_SAMPLER: expected one of always_on, always_off, "
                    + "traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio, found '"
                    + name.get() + "'");
        };
    }

    private static URI url(String key, String text) {
        String t = text.strip();
        try {
            URI uri = new URI(t);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // said below
        }
        throw new IllegalArgumentException(key + ": expected the collector's http:// or https:// URL, such as "
                + "http://localhost:4318, found '" + text + "'");
    }

    /** {@code path} below the base URL, as the OTLP base endpoint is used for each signal. */
    private static URI below(URI base, String path) {
        String text = base.toString();
        return URI.create(text.endsWith("/") ? text + path : text + "/" + path);
    }

    private static double ratio(String key, String text) {
        try {
            double ratio = Double.parseDouble(text.strip());
            if (ratio >= 0 && ratio <= 1) {
                return ratio;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(key + ": expected a number from 0 to 1 (the share of traces kept), found '"
                + text + "'");
    }

    /**
     * {@code k=v,k2=v2}: headers or resource attributes; the variables' values are percent-encoded,
     * as the OpenTelemetry specification says.
     */
    private static Map<String, String> pairs(String key, String text, boolean encoded, boolean headerNames) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String pair : text.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? "" : pair.substring(0, eq).strip();
            if (name.isEmpty() || headerNames && !name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
                throw new IllegalArgumentException(key + ": expected name=value pairs separated by commas, such as "
                        + (headerNames ? "api-key=secret,team=ops" : "deployment.environment=prod") + ", found '"
                        + pair.strip() + "'");
            }
            String value = pair.substring(eq + 1).strip();
            headers.put(name, encoded ? URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8) : value);
        }
        return headers;
    }

    /** The settings and variables, each read with the key or variable it came from for the error. */
    private record Values(Map<String, String> settings, UnaryOperator<String> env) {
        Optional<String> setting(String key) {
            return Optional.ofNullable(settings.get(key)).filter(v -> !v.isBlank());
        }

        Optional<String> variable(String name) {
            return Optional.ofNullable(env.apply(name)).filter(v -> !v.isBlank());
        }

        Optional<Boolean> bool(String key, String variable) {
            return read(key, variable, (where, text) -> switch (text.strip().toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException(where + ": expected true or false, found '" + text + "'");
            });
        }

        /** A setting as {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h} or {@code PT30S}; a variable in milliseconds. */
        Optional<Duration> duration(String key, String variable) {
            Optional<Duration> set = setting(key).map(text -> DurationText.parse(text).orElseThrow(() ->
                    new IllegalArgumentException(PREFIX + key + ": expected a duration such as 500ms, 30s or 2m, "
                            + "found '" + text + "'")));
            return set.or(() -> read(null, variable, (where, text) -> Duration.ofMillis(positive(where, text,
                    "a whole number of milliseconds"))));
        }

        Optional<Integer> count(String key, String variable) {
            return read(key, variable, (where, text) -> Math.toIntExact(Math.min(Integer.MAX_VALUE,
                    positive(where, text, "a whole number above 0"))));
        }

        private <T> Optional<T> read(String key, String variable, BiFunction<String, String, T> parse) {
            if (key != null && setting(key).isPresent()) {
                return Optional.of(parse.apply(PREFIX + key, setting(key).get()));
            }
            return variable == null ? Optional.empty() : variable(variable).map(text -> parse.apply(variable, text));
        }

        private static long positive(String where, String text, String expected) {
            try {
                long n = Long.parseLong(text.strip());
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new IllegalArgumentException(where + ": expected " + expected + ", found '" + text + "'");
        }
    }
}
