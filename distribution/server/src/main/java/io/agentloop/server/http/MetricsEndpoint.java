package io.agentloop.server.http;

import io.agentloop.api.metrics.MetricsExposition;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.run.Caller;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * {@code GET /metrics}: the text of every enabled {@link MetricsExposition} (the plugins'), one after
 * the other, with the first one's content type, for a Prometheus scraper. Behind the token like the
 * API: the figures name agents, models and tools. With none enabled, a 404 that says how to turn the
 * {@code otel} plugin's on.
 */
public final class MetricsEndpoint implements Endpoint {
    static final String NONE = "no metrics are kept: turn them on with plugins.otel.prometheus: true in the "
            + "configuration (the otel plugin installed), then restart agentloop serve";

    private final List<MetricsExposition> expositions;

    public MetricsEndpoint(List<MetricsExposition> expositions) {
        this.expositions = List.copyOf(expositions);
    }

    @Override
    public String method() {
        return "GET";
    }

    @Override
    public String path() {
        return "/metrics";
    }

    @Override
    public Reply handle(Call call, Caller caller, byte[] body) {
        List<MetricsExposition> enabled = expositions.stream().filter(MetricsExposition::enabled).toList();
        if (enabled.isEmpty()) {
            throw RequestException.notFound(NONE);
        }
        ByteArrayOutputStream text = new ByteArrayOutputStream(8 * 1024);
        for (MetricsExposition exposition : enabled) {
            try {
                exposition.writeTo(text);
            } catch (IOException e) {
                throw new UncheckedIOException("metrics exposition " + exposition.getClass().getName() + " failed", e);
            } catch (RuntimeException e) {
                throw new IllegalStateException("metrics exposition " + exposition.getClass().getName() + " failed: "
                        + e, e);
            }
        }
        return new Reply.Bytes(200, enabled.getFirst().contentType(), text.toByteArray());
    }
}
