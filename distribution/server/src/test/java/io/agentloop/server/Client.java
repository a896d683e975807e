package io.agentloop.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.net.SocketFactory;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The tests' HTTP client of a served API: JSON requests, and event streams read as a client reads them. */
final class Client {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final MediaType JSON_TYPE = MediaType.get("application/json");
    private final OkHttpClient http;
    private final String base;
    private final Optional<String> token;

    Client(String base, Optional<String> token) {
        this(base, token, SocketFactory.getDefault());
    }

    private Client(String base, Optional<String> token, SocketFactory sockets) {
        this.base = base;
        this.token = token;
        okhttp3.Dispatcher dispatcher = new okhttp3.Dispatcher();
        dispatcher.setMaxRequests(2000);
        dispatcher.setMaxRequestsPerHost(2000);
        this.http = new OkHttpClient.Builder().dispatcher(dispatcher).connectTimeout(Duration.ofMinutes(1))
                .readTimeout(Duration.ofMinutes(3)).callTimeout(Duration.ZERO).socketFactory(sockets).build();
    }

    /** The same client calling from {@code address} of this machine's loopback (any of 127.0.0.0/8 on Linux). */
    Client from(String address) {
        return new Client(base, token, new SocketFactory() {
            @Override
            public Socket createSocket() throws IOException {
                Socket socket = new Socket();
                socket.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
                return socket;
            }

            @Override
            public Socket createSocket(String host, int port) {
                throw new UnsupportedOperationException("OkHttp connects the sockets it creates itself");
            }

            @Override
            public Socket createSocket(String host, int port, InetAddress local, int localPort) {
                throw new UnsupportedOperationException("OkHttp connects the sockets it creates itself");
            }

            @Override
            public Socket createSocket(InetAddress host, int port) {
                throw new UnsupportedOperationException("OkHttp connects the sockets it creates itself");
            }

            @Override
            public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort) {
                throw new UnsupportedOperationException("OkHttp connects the sockets it creates itself");
            }
        });
    }

    record Answer(int status, JsonNode body, String text, okhttp3.Headers headers) {
    }

    /** One Server-Sent Event as received. */
    record Event(String id, String name, JsonNode data) {
    }

    Answer get(String path) {
        return send(request(path).get().build());
    }

    Answer post(String path, String json) {
        return send(request(path).post(RequestBody.create(json, JSON_TYPE)).build());
    }

    Answer delete(String path) {
        return send(request(path).delete().build());
    }

    Request.Builder request(String path) {
        Request.Builder builder = new Request.Builder().url(base + path);
        token.ifPresent(t -> builder.header("Authorization", "Bearer " + t));
        return builder;
    }

    Answer send(Request request) {
        try (Response response = http.newCall(request).execute()) {
            String text = response.body().string();
            String type = Optional.ofNullable(response.header("Content-Type")).orElse("");
            JsonNode body = !text.isEmpty() && type.startsWith("application/json") ? JSON.readTree(text)
                    : JSON.missingNode();
            return new Answer(response.code(), body, text, response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a run's events to the end of the stream, from after {@code lastEventId} (none: from the start). */
    List<Event> events(String run, Optional<String> lastEventId) {
        return events(run, lastEventId, Integer.MAX_VALUE);
    }

    /** Reads at most {@code limit} events, then drops the connection. */
    List<Event> events(String run, Optional<String> lastEventId, int limit) {
        return events(run, lastEventId, events -> events.size() >= limit);
    }

    /** Reads the run's events from the start until it is in {@code state} (a {@code run_state} event says so). */
    List<Event> eventsUntil(String run, String state) {
        return events(run, Optional.empty(), events -> !events.isEmpty() && events.getLast().name().equals("run_state")
                && events.getLast().data().path("state").asString().equals(state));
    }

    /** Reads events until {@code enough} says there are enough, then drops the connection. */
    private List<Event> events(String run, Optional<String> lastEventId, Predicate<List<Event>> enough) {
        Request.Builder request = request("/v1/runs/" + run + "/events").header("Accept", "text/event-stream");
        lastEventId.ifPresent(id -> request.header("Last-Event-ID", id));
        try (Response response = http.newCall(request.get().build()).execute()) {
            if (response.code() != 200) {
                throw new AssertionError("events of " + run + ": HTTP " + response.code() + " " + response.body().string());
            }
            List<Event> events = new ArrayList<>();
            BufferedReader lines = new BufferedReader(new InputStreamReader(response.body().byteStream(),
                    StandardCharsets.UTF_8));
            String id = "";
            String name = "";
            StringBuilder data = new StringBuilder();
            String line;
            while (!enough.test(events) && (line = lines.readLine()) != null) {
                if (line.isEmpty()) {
                    if (!data.isEmpty()) {
                        events.add(new Event(id, name, JSON.readTree(data.toString())));
                    }
                    id = "";
                    name = "";
                    data.setLength(0);
                } else if (line.startsWith("id: ")) {
                    id = line.substring(4);
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
