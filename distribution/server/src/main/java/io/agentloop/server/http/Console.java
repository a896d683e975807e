package io.agentloop.server.http;

import io.agentloop.server.backend.RequestException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.regex.Pattern;

/** The web console's files and the OpenAPI description, from inside the jar: nothing fetched from elsewhere. */
final class Console {
    private static final Pattern NAME = Pattern.compile("[a-z0-9-]+\\.(html|js|css|json|svg)");
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8",
            "json", "application/json", "svg", "image/svg+xml");

    private Console() {
    }

    static Reply asset(String name) {
        if (!NAME.matcher(name).matches()) {
            throw RequestException.notFound("there is no console file '" + name + "'");
        }
        try (InputStream in = Console.class.getResourceAsStream("/io/agentloop/server/console/" + name)) {
            if (in == null) {
                throw RequestException.notFound("there is no console file '" + name + "'");
            }
            return new Reply.Bytes(200, TYPES.get(name.substring(name.lastIndexOf('.') + 1)), in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
