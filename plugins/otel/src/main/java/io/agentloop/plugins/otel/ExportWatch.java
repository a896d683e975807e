package io.agentloop.plugins.otel;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Counts what becomes of the spans: each one ended (and sampled) and each one the collector took.
 * The difference is what was lost, whatever the reason (the queue was full, an export failed or
 * timed out, the flush at exit ran out of time), so a dead collector costs one line at the end
 * instead of one per span or per batch; the SDK's own log lines are routed away ({@link SdkLogs}).
 * Wraps the batch processor (to count ends) and the exporter (to count deliveries). Thread-safe.
 */
final class ExportWatch {
    private final URI endpoint;
    private final Duration exportTimeout;
    private final AtomicLong ended = new AtomicLong();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();

    ExportWatch(URI endpoint, Duration exportTimeout) {
        this.endpoint = endpoint;
        this.exportTimeout = exportTimeout;
    }

    /** {@code exporter}, counting the spans the collector accepted and keeping the first failure. */
    SpanExporter watching(SpanExporter exporter) {
        return new SpanExporter() {
            @Override
            public CompletableResultCode export(Collection<SpanData> spans) {
                int count = spans.size();
                CompletableResultCode result;
                try {
                    result = exporter.export(spans);
                } catch (RuntimeException e) {
                    firstFailure.compareAndSet(null, e);
                    return CompletableResultCode.ofExceptionalFailure(e);
                }
                result.whenComplete(() -> {
                    if (result.isSuccess()) {
                        delivered.addAndGet(count);
                    } else {
                        firstFailure.compareAndSet(null, result.getFailureThrowable() != null
                                ? result.getFailureThrowable() : new IllegalStateException("the export failed"));
                    }
                });
                return result;
            }

            @Override
            public CompletableResultCode flush() {
                return exporter.flush();
            }

            @Override
            public CompletableResultCode shutdown() {
                return exporter.shutdown();
            }
        };
    }

    /** {@code processor}, counting the spans it is handed to export. */
    SpanProcessor counting(SpanProcessor processor) {
        return new SpanProcessor() {
            @Override
            public void onStart(Context parent, ReadWriteSpan span) {
                processor.onStart(parent, span);
            }

            @Override
            public boolean isStartRequired() {
                return processor.isStartRequired();
            }

            @Override
            public void onEnd(ReadableSpan span) {
                if (span.getSpanContext().isSampled()) {
                    ended.incrementAndGet();
                }
                processor.onEnd(span);
            }

            @Override
            public boolean isEndRequired() {
                return true;
            }

            @Override
            public CompletableResultCode shutdown() {
                return processor.shutdown();
            }

            @Override
            public CompletableResultCode forceFlush() {
                return processor.forceFlush();
            }
        };
    }

    /** Spans ended that the collector has not taken (yet). */
    long lost() {
        return Math.max(0, ended.get() - delivered.get());
    }

    /**
     * The one line saying what was lost and why, when anything was:
     * {@code otel: 3 spans could not be exported to http://...: connection refused}.
     *
     * @param flushTimeout how long the flush at exit waited, named when nothing failed but time ran out
     */
    Optional<String> report(Duration flushTimeout) {
        long lost = lost();
        if (lost == 0) {
            return Optional.empty();
        }
        String why = Optional.ofNullable(firstFailure.get()).map(this::cause)
                .orElse("the collector did not answer within the flush timeout (" + DurationText.words(flushTimeout)
                        + ", the setting plugins.otel.flush-timeout)");
        return Optional.of("otel: " + lost + " span" + (lost == 1 ? "" : "s") + " could not be exported to " + endpoint
                + ": " + why);
    }

    /** The failure in words: the reason of the deepest cause that has one. */
    private String cause(Throwable failure) {
        String status = statusOf(failure);
        if (status != null) {
            return status;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ConnectException || t instanceof ClosedChannelException) {
                return "the connection was refused (is the collector running?)";
            }
            if (t instanceof HttpConnectTimeoutException) {
                return "no connection within the export timeout (" + DurationText.words(exportTimeout) + ")";
            }
            if (t instanceof HttpTimeoutException) {
                return "no answer within the export timeout (" + DurationText.words(exportTimeout) + ")";
            }
        }
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null || root.getMessage().isBlank() ? root.getClass().getSimpleName()
                : root.getMessage();
    }

    /** {@code the collector answered HTTP 401 ...} when the failure carries the collector's answer. */
    private static String statusOf(Throwable failure) {
        if (failure instanceof io.opentelemetry.exporter.internal.FailedExportException.HttpExportException http
                && http.failedWithResponse() && http.getResponse() != null) {
            return "the collector answered HTTP " + http.getResponse().getStatusCode()
                    + (http.getResponse().getStatusMessage() == null ? "" : " " + http.getResponse().getStatusMessage());
        }
        return null;
    }
}
