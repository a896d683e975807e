package io.agentloop.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import okhttp3.Dispatcher;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A client of {@code agentloop serve}'s API, as a program calling it would be: JSON requests, event streams read line by line. */
final class ServedApi {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private final OkHttpClient http;
    private final String base;
    private final Optional<String> token;

    /** A reply: its status, its JSON (missing when it had none), its headers and its body as text. */
    record Reply(int status, JsonNode body, okhttp3.Headers headers, String text) {
        String message() {
            return body.path("error").path("message").asString("");
        }
    }

    /** One Server-Sent Event as received. */
    record Event(long id, String name, JsonNode data) {
    }

    private static final java.util.regex.Pattern LISTENING = java.util.regex.Pattern.compile("listening on (http://\\S+) ");
    private static final java.util.regex.Pattern CONSOLE = java.util.regex.Pattern.compile(
            "console (http://\\S+/)(?:#token=([A-Za-z0-9_-]+))?\n");

    /**
     * The API of {@code serving}, a {@code bin/agentloop serve} just started, once it says where it
     * listens and where its console is; with {@code token}, or else with the token the server printed.
     */
    static ServedApi of(InstalledLauncher installed, Process serving, Optional<String> token) throws Exception {
        String[] address = new String[2];
        Await.until("the server to listen", () -> {
            java.util.regex.Matcher listening = LISTENING.matcher(installed.output());
            java.util.regex.Matcher console = CONSOLE.matcher(installed.output());
            if (listening.find() && console.find()) {
                address[0] = listening.group(1);
                address[1] = console.group(2);
                return true;
            }
            if (!serving.isAlive()) {
                throw new AssertionError("agentloop serve ended with " + serving.exitValue() + ": "
                        + installed.errors());
            }
            return false;
        }, installed::errors);
        return new ServedApi(address[0], token.or(() -> Optional.ofNullable(address[1])));
    }

    ServedApi(String base, Optional<String> token) {
        this.base = base;
        this.token = token;
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(1000);
        dispatcher.setMaxRequestsPerHost(1000);
        this.http = new OkHttpClient.Builder().dispatcher(dispatcher).connectTimeout(Duration.ofMinutes(1))
                .readTimeout(Duration.ofMinutes(5)).build();
    }

    ServedApi withToken(Optional<String> other) {
        return new ServedApi(base, other);
    }

    Reply get(String path) {
        return send(request(path).get().build());
    }

    /** A GET with headers of the test's own, such as the {@code Host} or {@code Origin} a browser would send. */
    Reply get(String path, java.util.Map<String, String> headers) {
        Request.Builder request = request(path);
        headers.forEach(request::header);
        return send(request.get().build());
    }

    Reply post(String path, String json) {
        return send(request(path).post(RequestBody.create(json, MediaType.get("application/json"))).build());
    }

    /** A POST with headers of the test's own, as a web page's browser would send it. */
    Reply post(String path, String body, java.util.Map<String, String> headers) {
        Request.Builder request = request(path);
        headers.forEach(request::header);
        String type = headers.getOrDefault("Content-Type", "application/json");
        return send(request.post(RequestBody.create(body, MediaType.get(type))).build());
    }

    Reply post(String path, byte[] body) {
        return send(request(path).post(RequestBody.create(body, MediaType.get("application/json"))).build());
    }

    /** A POST whose body goes in chunks, with no length declared beforehand. */
    Reply postChunked(String path, byte[] body) {
        RequestBody chunked = new RequestBody() {
            @Override
            public MediaType contentType() {
                return MediaType.get("application/json");
            }

            @Override
            public long contentLength() {
                return -1;
            }

            @Override
            public void writeTo(okio.BufferedSink sink) throws IOException {
                sink.write(body);
            }
        };
        return send(request(path).post(chunked).build());
    }

    private Request.Builder request(String path) {
        Request.Builder builder = new Request.Builder().url(base + path);
        token.ifPresent(t -> builder.header("Authorization", "Bearer " + t));
        return builder;
    }

    private Reply send(Request request) {
        try (Response response = http.newCall(request).execute()) {
            String text = response.body().string();
            JsonNode body = text.isEmpty() || !String.valueOf(response.header("Content-Type")).startsWith(
                    "application/json") ? JSON.missingNode() : JSON.readTree(text);
            return new Reply(response.code(), body, response.headers(), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The run's events from after {@code lastEventId} to the end of its stream. */
    List<Event> events(String run, Optional<Long> lastEventId) {
        return events(run, lastEventId, event -> false);
    }

    /** The run's events from after {@code lastEventId}, up to the end or the first that {@code until} takes: then the connection is dropped. */
    List<Event> events(String run, Optional<Long> lastEventId, Predicate<Event> until) {
        Request.Builder request = request("/v1/runs/" + run + "/events").header("Accept", "text/event-stream");
        lastEventId.ifPresent(id -> request.header("Last-Event-ID", Long.toString(id)));
        try (Response response = http.newCall(request.get().build()).execute()) {
            if (response.code() != 200) {
                throw new AssertionError("events of " + run + ": HTTP " + response.code() + " " + response.body().string());
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(response.body().byteStream(),
                    StandardCharsets.UTF_8));
            List<Event> events = new ArrayList<>();
            long id = 0;
            String name = "";
            StringBuilder data = new StringBuilder();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isEmpty()) {
                    if (!data.isEmpty()) {
                        Event event = new Event(id, name, JSON.readTree(data.toString()));
                        events.add(event);
                        if (until.test(event)) {
                            return events;
                        }
                    }
                    name = "";
                    data.setLength(0);
                } else if (line.startsWith("id: ")) {
                    id = Long.parseLong(line.substring(4));
                } else if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring(6));
                }
            }
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
