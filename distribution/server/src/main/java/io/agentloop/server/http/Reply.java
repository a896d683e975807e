package io.agentloop.server.http;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/** What a route answers: JSON, a stream of Server-Sent Events, or a file of the console. */
public sealed interface Reply {

    /** A JSON body with a status and extra headers. */
    record Json(int status, JsonNode body, Map<String, String> headers) implements Reply {
        public Json {
            headers = Map.copyOf(headers);
        }

        public Json(int status, JsonNode body) {
            this(status, body, Map.of());
        }
    }

    /** {@code text/event-stream}: the source writes until it ends or the client goes. */
    record Events(EventSource source) implements Reply {
    }

    /** A file: the console's page, script and style, the OpenAPI description. */
    record Bytes(int status, String contentType, byte[] body) implements Reply {
    }
}
