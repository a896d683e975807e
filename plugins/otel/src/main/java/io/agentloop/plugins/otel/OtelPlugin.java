package io.agentloop.plugins.otel;

import org.pf4j.Plugin;

/**
 * The plugin's life cycle, for its one job at the end: sending the spans still queued, within the
 * flush timeout. The launcher stops its plugins when it closes its platform, after the command and
 * before it exits ({@code PluginHost#close}), and {@link #stop()} flushes then: a PF4J plugin class
 * rather than only a shutdown hook, because stopping comes before the platform unloads the plugin
 * and closes its class loader (a hook running after that could not load the exporter's classes),
 * in the same order every time, and an application embedding the platform gets the flush too.
 * The hook added at start covers the exits that never close the platform (Ctrl-C, a signal to
 * {@code agentloop serve}); {@link Telemetry#shutdownAll()} lets a second caller wait for the
 * first, so {@code stop()} never returns (and lets the class loader close) while the hook still sends.
 */
public final class OtelPlugin extends Plugin {
    private final Thread atExit = new Thread(Telemetry::shutdownAll, "otel-flush-at-exit");

    @Override
    public void start() {
        try {
            Runtime.getRuntime().addShutdownHook(atExit);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already ending: stop() flushes, if it comes
        }
    }

    @Override
    public void stop() {
        try {
            Runtime.getRuntime().removeShutdownHook(atExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs (or has run); shutdownAll waits for it
        }
        Telemetry.shutdownAll();
    }
}
