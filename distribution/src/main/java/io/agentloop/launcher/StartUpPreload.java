package io.agentloop.launcher;

import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.agentloop.providers.http.HttpTransport;
import java.util.concurrent.CompletableFuture;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Initialises, on a second thread, the libraries a run needs later (logging, JSON mapping, the HTTP
 * client, the schema validator) while the main thread parses the command line, reads the configuration and
 * loads plugins. Class initialisation is thread-safe, so the main thread finds them ready (or waits
 * for the part still running) instead of doing the same work itself. Purely a start-up speed-up:
 * nothing it creates is kept.
 */
final class StartUpPreload {
    /** Done when logging is set up (or failed to be). */
    private static final CompletableFuture<Void> LOGGING = new CompletableFuture<>();
    private static volatile boolean started;

    private StartUpPreload() {
    }

    /**
     * Waits until the preload thread has set up logging. SLF4J hands other threads stand-in loggers
     * while one thread initialises it, so code that configures Logback (or logs and expects it
     * configured) must not run meanwhile. Returns at once when there is no preload.
     */
    static void awaitLogging() {
        if (started) {
            LOGGING.exceptionally(e -> null).join();
        }
    }

    static void start() {
        started = true;
        Thread preload = new Thread(StartUpPreload::run, "agentloop-preload");
        preload.setDaemon(true);
        preload.setPriority(Thread.NORM_PRIORITY - 1);
        preload.start();
    }

    private static void run() {
        try {
            // In the order the main thread will need them.
            try {
                LoggerFactory.getILoggerFactory();
            } finally {
                LOGGING.complete(null);
            }
            JsonMapper.builder().build().readTree("{\"warm\":[1,true,\"x\"]}");
            HttpTransport.initialiseClient();
            SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
            // Only https endpoints need it (a local http server does not): last, so it does not delay the rest.
            HttpTransport.initialiseTls();
        } catch (RuntimeException | LinkageError e) {
            // Only a speed-up: whatever failed here fails again, with a proper message, where it is used.
        }
    }
}
