package io.agentloop.plugins.otel;

import org.pf4j.Plugin;

/**
 * The plugin's life cycle, for its one job at the end: the launcher stops its plugins when it
 * closes its platform (after the command, before it exits; {@code PluginHost#close}), and
 * {@link #stop()} sends the spans still queued then, within the flush timeout. A PF4J plugin class
 * rather than a shutdown hook: stopping comes before the platform unloads the plugin and closes its
 * class loader (a hook running after that could not load the exporter's classes), it runs in the
 * same order every time, and an embedding application that stops its plugins gets the flush too.
 */
public final class OtelPlugin extends Plugin {

    @Override
    public void stop() {
        Telemetry.shutdownAll();
    }
}
