package io.agentloop.server.http;

import io.agentloop.server.backend.RequestException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A request's JSON object, read strictly: no more than the server's body limit ({@code 413}), well
 * formed, an object, no field the route does not take and no field twice ({@code 400}, naming the
 * field and the fields there are).
 */
final class Body {
    private static final JsonMapper STRICT = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private final JsonNode node;

    private Body(JsonNode node) {
        this.node = node;
    }

    /** Reads at most {@code limit} bytes; more is a 413 without reading the rest. */
    static byte[] read(InputStream in, int limit) {
        try {
            byte[] bytes = in.readNBytes(limit + 1);
            if (bytes.length > limit) {
                throw RequestException.tooLarge(limit);
            }
            return bytes;
        } catch (IOException e) {
            throw RequestException.badRequest("the request body could not be read: " + e.getMessage());
        }
    }

    /** The body as an object with only the {@code fields} given; an empty body is an empty object. */
    static Body of(byte[] bytes, Set<String> fields) {
        if (bytes.length == 0) {
            return new Body(STRICT.createObjectNode());
        }
        JsonNode node;
        try {
            node = STRICT.readTree(bytes);
        } catch (JacksonException e) {
            throw RequestException.badRequest("the request body is not well-formed JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")"));
        }
        if (node == null || !node.isObject()) {
            throw RequestException.badRequest("the request body must be a JSON object, not " + (node == null ? "nothing"
                    : node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT)));
        }
        Iterator<String> names = node.propertyNames().iterator();
        while (names.hasNext()) {
            String name = names.next();
            if (!fields.contains(name)) {
                throw RequestException.badRequest("unknown field '" + name + "': this request takes " + (fields.isEmpty()
                        ? "no fields (send {} or no body)" : String.join(", ", fields.stream().sorted().toList())));
            }
        }
        return new Body(node);
    }

    JsonNode node() {
        return node;
    }

    /** A text field that must be there and not blank. */
    String text(String field) {
        return optionalText(field).filter(text -> !text.isBlank()).orElseThrow(() -> RequestException.badRequest(
                "field '" + field + "' is missing: it is required (a string)"));
    }

    Optional<String> optionalText(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isString()) {
            throw RequestException.badRequest("field '" + field + "' must be a string, not " + value.getNodeType()
                    .toString().toLowerCase(java.util.Locale.ROOT));
        }
        return Optional.of(value.asString());
    }

    /** A field that must be one of {@code choices}, if there. */
    Optional<String> choice(String field, List<String> choices) {
        Optional<String> value = optionalText(field);
        value.filter(v -> !choices.contains(v)).ifPresent(v -> {
            throw RequestException.badRequest("field '" + field + "' is '" + v + "': use " + String.join(" or ",
                    choices));
        });
        return value;
    }

    /** An object field, if there. */
    Optional<JsonNode> object(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isObject()) {
            throw RequestException.badRequest("field '" + field + "' must be a JSON object");
        }
        return Optional.of(value);
    }
}
