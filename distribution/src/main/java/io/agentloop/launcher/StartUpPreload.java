package io.agentloop.launcher;

import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import okhttp3.OkHttpClient;
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
    private StartUpPreload() {
    }

    static void start() {
        Thread preload = new Thread(StartUpPreload::run, "agentloop-preload");
        preload.setDaemon(true);
        preload.setPriority(Thread.NORM_PRIORITY - 1);
        preload.start();
    }

    private static void run() {
        try {
            // In the order the main thread will need them.
            LoggerFactory.getILoggerFactory();
            JsonMapper.builder().build().readTree("{\"warm\":[1,true,\"x\"]}");
            new OkHttpClient.Builder().build();
            SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        } catch (RuntimeException | LinkageError e) {
            // Only a speed-up: whatever failed here fails again, with a proper message, where it is used.
        }
    }
}
