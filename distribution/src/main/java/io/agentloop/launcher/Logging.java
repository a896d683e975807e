package io.agentloop.launcher;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/** Quiet by default (warnings and errors on stderr); {@code --verbose} shows debug details. */
final class Logging {
    private Logging() {
    }

    static void configure(boolean verbose) {
        StartUpPreload.awaitLogging();
        if (!(LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof Logger root)) {
            return;
        }
        root.setLevel(verbose ? Level.DEBUG : Level.WARN);
        if (LoggerFactory.getLogger("org.pf4j") instanceof Logger pf4j) {
            // The plugin host reports plugin problems itself, one line each.
            pf4j.setLevel(verbose ? Level.DEBUG : Level.OFF);
        }
        if (LoggerFactory.getLogger("io.agentloop.core.Agent") instanceof Logger agent) {
            // The launcher names the tools that cannot run in its own line (AgentSetup.notice).
            agent.setLevel(verbose ? Level.DEBUG : Level.ERROR);
        }
    }
}
