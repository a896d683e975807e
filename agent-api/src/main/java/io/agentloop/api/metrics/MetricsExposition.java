package io.agentloop.api.metrics;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Metrics for a scraper to pull: what {@code agentloop serve} answers at {@code GET /metrics}, the
 * text of every enabled exposition one after the other. A plugin contributes one by listing its
 * class in {@code META-INF/services/io.agentloop.api.metrics.MetricsExposition}; the class may take
 * the plugin's {@code PluginContext} in its constructor.
 *
 * <h2>Contract</h2>
 * Thread-safe: scrapes come on the server's threads, several at once, while runs record. Quick: a
 * scrape reads what was recorded, it never waits on the network or on a run. The text is the
 * Prometheus text format 0.0.4 (UTF-8, {@code # HELP} and {@code # TYPE} lines, one sample a line,
 * ending with a line break), so that several expositions can be concatenated; metric names are
 * prefixed with what they measure ({@code gen_ai_}, {@code agentloop_}), so that two expositions do
 * not write the same family. An {@link IOException} is the caller's stream failing; any other
 * failure is reported by the server as the scrape's error.
 *
 * <pre>{@code
 * public final class QueueDepth implements MetricsExposition {
 *     public String contentType() { return MetricsExposition.PROMETHEUS_TEXT; }
 *     public void writeTo(OutputStream out) throws IOException {
 *         out.write(("# TYPE queue_depth gauge\nqueue_depth " + queue.size() + "\n")
 *                 .getBytes(StandardCharsets.UTF_8));
 *     }
 * }
 * }</pre>
 */
public interface MetricsExposition {
    /** The content type of the Prometheus text format 0.0.4. */
    String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    /**
     * Whether there is anything to expose: false when the extension is installed but its metrics are
     * turned off (then the server does not ask for its text). The answer does not change while the
     * platform runs.
     */
    default boolean enabled() {
        return true;
    }

    /** The content type of {@link #writeTo}'s text, normally {@link #PROMETHEUS_TEXT}; never null. */
    String contentType();

    /**
     * Writes the metrics as they are now; does not close {@code out}.
     *
     * @throws IOException when {@code out} does
     */
    void writeTo(OutputStream out) throws IOException;
}
