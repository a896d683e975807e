package io.agentloop.plugins.otel;

import io.agentloop.api.plugin.PluginContext;
import io.opentelemetry.api.OpenTelemetry;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.LoggerFactory;

/**
 * The plugin's OpenTelemetry SDK, one per plugin, shared by its extensions (the listener and the
 * interceptors are created separately and meet here). Off until configured: with nothing to export
 * to (no {@code plugins.otel.endpoint} and no {@code OTEL_EXPORTER_OTLP_*ENDPOINT}), or with
 * {@code OTEL_SDK_DISABLED=true}, it is the no-op implementation and a run pays nothing for it.
 * Otherwise spans and metrics go over OTLP/HTTP ({@link OtlpSdk}), metrics are kept for a scrape
 * too with {@code plugins.otel.prometheus: true} ({@link PrometheusExposition}), and {@link #shutdown()}
 * sends the last of them when the plugin stops. Thread-safe.
 */
public final class Telemetry {
    /** By plugin context, as the platform creates one per plugin: the same object for all its extensions. */
    private static final Map<PluginContext, Telemetry> BY_PLUGIN = new IdentityHashMap<>();
    private static final Object SHUTTING_DOWN = new Object();

    private final OpenTelemetry openTelemetry;
    private final boolean captureContent;
    private final Optional<OtlpSdk> exporting;

    Telemetry(OpenTelemetry openTelemetry, boolean captureContent) {
        this(openTelemetry, captureContent, Optional.empty());
    }

    private Telemetry(OpenTelemetry openTelemetry, boolean captureContent, Optional<OtlpSdk> exporting) {
        this.openTelemetry = openTelemetry;
        this.captureContent = captureContent;
        this.exporting = exporting;
    }

    /**
     * The telemetry of the plugin {@code context} belongs to, made on the first call from the
     * plugin's settings and the {@code OTEL_*} variables.
     *
     * @throws IllegalArgumentException naming the setting or variable whose value is not one, to the
     *         first caller only: the platform reports it as that extension's problem, and every later
     *         extension gets telemetry that is off, so one bad value is one line, not one per extension
     */
    public static Telemetry of(PluginContext context) {
        synchronized (BY_PLUGIN) {
            Telemetry known = BY_PLUGIN.get(context);
            if (known != null) {
                return known;
            }
            Telemetry made;
            try {
                made = configured(context.settings(), System::getenv,
                        line -> LoggerFactory.getLogger(Telemetry.class).warn(line));
            } catch (IllegalArgumentException e) {
                BY_PLUGIN.put(context, new Telemetry(OpenTelemetry.noop(), false));
                // the message alone: the platform reports a failure by its root cause
                throw new IllegalArgumentException(e.getMessage() + "; the otel plugin is off until it is fixed");
            }
            BY_PLUGIN.put(context, made);
            return made;
        }
    }

    /**
     * Telemetry as {@code settings} (the plugin's, without {@code plugins.otel.}) and {@code env}
     * configure it; the one line about lost spans goes to {@code report} at shutdown.
     */
    static Telemetry configured(Map<String, String> settings, UnaryOperator<String> env, Consumer<String> report) {
        ExportConfig config = ExportConfig.read(settings, env);
        if (!config.exports()) {
            return new Telemetry(OpenTelemetry.noop(), config.captureContent());
        }
        OtlpSdk sdk = OtlpSdk.start(config, report);
        return new Telemetry(sdk.openTelemetry(), config.captureContent(), Optional.of(sdk));
    }

    /** The reader a scrape reads, when {@code plugins.otel.prometheus} is on. */
    Optional<PullReader> pull() {
        return exporting.flatMap(OtlpSdk::pull);
    }

    public OpenTelemetry openTelemetry() {
        return openTelemetry;
    }

    /** Whether message content, tool arguments and results go on spans (always redacted). */
    public boolean captureContent() {
        return captureContent;
    }

    /**
     * Sends what is still waiting and stops exporting, within {@code plugins.otel.flush-timeout}
     * (whatever the collector does), and says once what could not be sent. Spans made after it are
     * dropped. Idempotent.
     */
    public void shutdown() {
        exporting.ifPresent(OtlpSdk::close);
    }

    /**
     * Shuts down every telemetry of this plugin, when the platform stops it or the JVM ends
     * ({@link OtelPlugin}); a second caller waits until the first is done.
     */
    static void shutdownAll() {
        synchronized (SHUTTING_DOWN) {
            List<Telemetry> all;
            synchronized (BY_PLUGIN) {
                all = new ArrayList<>(BY_PLUGIN.values());
                BY_PLUGIN.clear();
            }
            all.forEach(Telemetry::shutdown);
        }
    }
}
