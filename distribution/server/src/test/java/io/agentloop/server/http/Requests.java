package io.agentloop.server.http;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Calls as the HTTP server would make them, for the routes without a socket: by default as a program
 * on this machine makes them, to {@link #BASE}, from {@code 127.0.0.1}, with the token {@link #TOKEN}.
 */
final class Requests {
    static final String TOKEN = "api-test-token";
    static final String BASE = "http://127.0.0.1:1";
    private final String method;
    private final String path;
    private final Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final Map<String, List<String>> query = new TreeMap<>();
    private byte[] body = new byte[0];
    private String remote = "127.0.0.1";

    private Requests(String method, String path) {
        this.method = method;
        this.path = path;
        headers.put("Host", "127.0.0.1:1");
        token(TOKEN);
    }

    static Requests get(String path) {
        return new Requests("GET", path);
    }

    static Requests post(String path, String json) {
        return new Requests("POST", path).body(json.getBytes(StandardCharsets.UTF_8));
    }

    static Requests of(String method, String path) {
        return new Requests(method.toUpperCase(Locale.ROOT), path);
    }

    Requests header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    Requests token(String token) {
        return header("Authorization", "Bearer " + token);
    }

    Requests withoutToken() {
        headers.remove("Authorization");
        return this;
    }

    /** As if sent from {@code address}. */
    Requests from(String address) {
        this.remote = address;
        return this;
    }

    Requests query(String name, String value) {
        query.put(name, List.of(value));
        return this;
    }

    Requests body(byte[] bytes) {
        this.body = bytes.clone();
        return this;
    }

    Call call() {
        return new Call(method, path, Map.copyOf(query), name -> Optional.ofNullable(headers.get(name)),
                new ByteArrayInputStream(body), BASE, remote);
    }
}
