package io.agentloop.providers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import mockwebserver3.MockResponse;

/**
 * The recorded wire fixtures, read from {@code ../shared/fixtures/wire} beside the project (the
 * build passes the folder as {@code agentloop.fixtures}); they are never copied into the project.
 */
public final class Fixtures {
    private Fixtures() {
    }

    public static Path folder() {
        String configured = System.getProperty("agentloop.fixtures");
        Path folder = configured != null ? Path.of(configured) : Path.of("..", "..", "shared", "fixtures", "wire");
        if (!Files.isDirectory(folder)) {
            throw new IllegalStateException("the recorded fixtures are not at " + folder.toAbsolutePath()
                    + ": the shared/ folder must sit beside the project (shared/fixtures/wire)");
        }
        return folder;
    }

    public static String read(String api, String file) {
        try {
            return Files.readString(folder().resolve(api).resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The recorded body with its recorded status and the content type its extension implies. */
    public static MockResponse response(String api, String file, int status) {
        String type = file.endsWith(".sse") ? "text/event-stream"
                : file.endsWith(".ndjson") ? "application/x-ndjson" : "application/json";
        return new MockResponse.Builder().code(status).addHeader("Content-Type", type).body(read(api, file)).build();
    }
}
