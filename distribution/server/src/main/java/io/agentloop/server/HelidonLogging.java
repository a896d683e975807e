package io.agentloop.server;

import io.helidon.logging.common.spi.LoggingProvider;

/**
 * Leaves logging to the application that embeds the server (the launcher: Logback, with the web
 * server's java.util.logging quieted). Without a provider, Helidon prints a line to standard error
 * at start-up saying it found none.
 */
public final class HelidonLogging implements LoggingProvider {
    @Override
    public void initialization() {
        // the application configures logging
    }

    @Override
    public void runTime() {
        // the application configures logging
    }
}
