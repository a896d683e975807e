package io.agentloop.server.http;

import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One HTTP request as the routes see it, whatever carried it (a socket, or a test).
 *
 * @param method {@code GET}, {@code POST}...
 * @param path the path, decoded, without the query
 * @param query the query's parameters
 * @param header a header's first value, by name (any case)
 * @param body the body, read by the route within the server's limit
 * @param base the address clients reach the server at ({@code http://host:port}), for links
 * @param remote the address the request came from ({@code 127.0.0.1}), by which clients sharing the
 *        token the server made are told apart
 */
public record Call(String method, String path, Map<String, List<String>> query, Function<String, Optional<String>> header,
                   InputStream body, String base, String remote) {

    public Optional<String> parameter(String name) {
        return Optional.ofNullable(query.get(name)).flatMap(values -> values.stream().findFirst());
    }
}
