package io.agentloop.providers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import mockwebserver3.MockResponse;

/**
 * The recorded wire fixtures in {@code src/test/resources/fixtures/wire} (its README names each
 * file's source and license), read from the test class path so a clone needs nothing beside it.
 */
public final class Fixtures {
    private static final String FOLDER = "/fixtures/wire";

    private Fixtures() {
    }

    public static Path folder() {
        URL url = Fixtures.class.getResource(FOLDER);
        if (url == null || !"file".equals(url.getProtocol())) {
            throw new IllegalStateException("the recorded fixtures are not on the test class path as a folder ("
                    + FOLDER + " -> " + url + "): run the tests through Maven, which copies "
                    + "agent-providers/src/test/resources into target/test-classes");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the recorded fixtures' location is not a path: " + url, e);
        }
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
