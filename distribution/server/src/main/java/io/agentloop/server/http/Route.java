package io.agentloop.server.http;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A method and a path pattern ({@code /v1/runs/{id}}); the OpenAPI description is checked against
 * the server's list of them.
 *
 * @param open whether it answers without a token
 */
public record Route(String method, String pattern, boolean open) {

    /** The path's values for the pattern's {@code {names}}, when the path fits it. */
    Optional<Map<String, String>> match(String path) {
        String[] want = pattern.split("/", -1);
        String[] have = path.split("/", -1);
        if (want.length != have.length) {
            return Optional.empty();
        }
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < want.length; i++) {
            if (want[i].startsWith("{") && want[i].endsWith("}")) {
                if (have[i].isEmpty()) {
                    return Optional.empty();
                }
                values.put(want[i].substring(1, want[i].length() - 1), have[i]);
            } else if (!want[i].equals(have[i])) {
                return Optional.empty();
            }
        }
        return Optional.of(values);
    }
}
