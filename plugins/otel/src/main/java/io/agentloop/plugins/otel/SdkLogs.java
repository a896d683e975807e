package io.agentloop.plugins.otel;

import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the OpenTelemetry SDK's own log lines off the terminal. The SDK logs through
 * java.util.logging, whose default handler prints every failed export to stderr with a stack
 * trace; with a dead collector that is a screen of traces per batch. Its records go to the
 * launcher's log at debug level instead ({@code --verbose} shows them), and what was lost is said
 * once at exit by {@link ExportWatch}.
 */
final class SdkLogs {
    /** Held: java.util.logging keeps loggers weakly, and a collected one forgets its handlers. */
    private static final Logger SDK = Logger.getLogger("io.opentelemetry");
    private static final org.slf4j.Logger log = LoggerFactory.getLogger("io.agentloop.plugins.otel.sdk");

    private SdkLogs() {
    }

    /** Routes the SDK's records to the launcher's log, once per JVM (each load of the plugin replaces the last). */
    static synchronized void route() {
        for (Handler handler : SDK.getHandlers()) {
            if (handler.getClass().getName().equals(Debug.class.getName())) {
                SDK.removeHandler(handler);
            }
        }
        SDK.setUseParentHandlers(false);
        SDK.addHandler(new Debug());
    }

    private static final class Debug extends Handler {
        @Override
        public void publish(LogRecord record) {
            if (record == null || !log.isDebugEnabled()) {
                return;
            }
            String message = record.getMessage();
            if (record.getParameters() != null && message != null) {
                message = java.text.MessageFormat.format(message, record.getParameters());
            }
            log.debug("{} {}: {}", record.getLevel(), record.getLoggerName(), message, record.getThrown());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
