/**
 * Metrics a scraper pulls from {@code agentloop serve}'s {@code GET /metrics}: each enabled
 * {@link io.agentloop.api.metrics.MetricsExposition} writes its Prometheus text and the server joins
 * them. A plugin implements one (the {@code otel} plugin's, of what its telemetry has summed);
 * the server calls it on its own threads while runs record.
 */
package io.agentloop.api.metrics;
