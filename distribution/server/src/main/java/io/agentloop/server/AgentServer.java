package io.agentloop.server;

import io.agentloop.api.metrics.MetricsExposition;
import io.agentloop.server.a2a.A2aEndpoints;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.backend.RunBackend;
import io.agentloop.server.http.Api;
import io.agentloop.server.http.ApiSettings;
import io.agentloop.server.http.Call;
import io.agentloop.server.http.Endpoint;
import io.agentloop.server.http.EventSource;
import io.agentloop.server.http.MetricsEndpoint;
import io.agentloop.server.http.Reply;
import io.agentloop.server.run.ServedRuns;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.ServerResponseHeaders;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code agentloop serve}: the {@link Api}'s routes on Helidon SE's web server, which handles every
 * request on a virtual thread of its own, so a thousand event streams are a thousand cheap threads
 * waiting. This class only carries requests to the routes and replies back.
 *
 * <p>Every route but {@code /health} needs a bearer token. Without a configured one the server makes
 * one at start (a new one each time): {@link #consoleAddress()} carries it, after {@code #}, for the
 * console to keep, so whoever can read what the server printed can use it, and a web page cannot.
 *
 * <pre>{@code
 * try (AgentServer server = AgentServer.start(ServerSettings.local(root, data), backend)) {
 *     System.out.println("console at " + server.consoleAddress());
 *     server.await();
 * }
 * }</pre>
 */
public final class AgentServer implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String SECURITY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    private final ServedRuns runs;
    private final Api api;
    private final WebServer server;
    private final String address;
    private final Optional<String> madeToken;
    private final int maxBody;

    private AgentServer(ServerSettings settings, RunBackend backend, Function<ServedRuns, List<Endpoint>> endpoints,
                        Clock clock) {
        this.madeToken = settings.tokens().isEmpty() && settings.namedTokens().isEmpty() ? Optional.of(newToken())
                : Optional.empty();
        this.maxBody = settings.maxBody();
        this.runs = new ServedRuns(backend, settings.workspaces(), settings.data(), settings.runsPerToken(),
                settings.retention().age(), settings.retention().count(), clock);
        List<Endpoint> routes = new ArrayList<>(A2aEndpoints.of(runs, settings.heartbeat()));
        routes.addAll(endpoints.apply(runs));
        this.api = new Api(runs, new ApiSettings(madeToken.map(List::of).orElse(settings.tokens()),
                madeToken.isPresent(), hosts(settings), settings.requestsPerMinute(), settings.maxBody(),
                settings.heartbeat(), settings.namedTokens()), routes, clock);
        this.server = WebServer.builder().host(settings.host()).port(settings.port())
                .maxPayloadSize(settings.maxBody() + 1L) // the routes say 413 themselves, naming the limit
                .directHandlers(handlers -> handlers.addHandler(DirectHandler.EventType.BAD_REQUEST, this::refused)
                        .addHandler(DirectHandler.EventType.PAYLOAD_TOO_LARGE, this::refused))
                .shutdownGracePeriod(Duration.ofSeconds(2))
                .routing(routing -> routing.any(this::carry)).build().start();
        String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
        this.address = "http://" + host + ":" + server.port();
    }

    /** Starts serving; runs on record in {@code settings.data()} are listed again. */
    public static AgentServer start(ServerSettings settings, RunBackend backend) {
        return start(settings, backend, runs -> List.of());
    }

    /**
     * As above, with {@code GET /metrics} answered from {@code metrics}: the text of every enabled one,
     * behind the same token as the API; a 404 naming how to turn them on when none is.
     */
    public static AgentServer start(ServerSettings settings, RunBackend backend, List<MetricsExposition> metrics) {
        return start(settings, backend, runs -> List.of(new MetricsEndpoint(metrics)));
    }

    /** As above, with routes beside the API's and the Agent2Agent protocol's, made once the runs are open. */
    public static AgentServer start(ServerSettings settings, RunBackend backend,
                                    Function<ServedRuns, List<Endpoint>> endpoints) {
        return new AgentServer(settings, backend, endpoints, Clock.systemUTC());
    }

    /** {@code http://host:port}. */
    public String address() {
        return address;
    }

    public int port() {
        return server.port();
    }

    /**
     * The console's address: with the token the server made, {@code http://host:port/#token=...}
     * (after {@code #}, so a browser never sends it, and the console takes it out of the address bar
     * once it has it); with configured tokens, {@code http://host:port/} (the console asks for one).
     */
    public String consoleAddress() {
        return address + "/" + madeToken.map(token -> "#token=" + token).orElse("");
    }

    /** The token the server made at start, when none was configured: every route but {@code /health} needs it. */
    public Optional<String> madeToken() {
        return madeToken;
    }

    /** The routes, for a test or a tool that wants them without a socket. */
    public Api api() {
        return api;
    }

    /** Blocks until the server stops. */
    public void await() throws InterruptedException {
        while (server.isRunning()) {
            synchronized (this) {
                wait(1000);
            }
        }
    }

    /** Stops serving: streams end, runs going on are stopped and found interrupted by the next server. */
    @Override
    public void close() {
        runs.close();
        server.stop();
        synchronized (this) {
            notifyAll();
        }
    }

    private void carry(ServerRequest request, ServerResponse response) {
        Call call = new Call(request.prologue().method().text(), request.path().path(), query(request),
                name -> request.headers().first(HeaderNames.create(name)),
                new RequestContent(request.content().inputStream(), maxBody), address, remote(request));
        Reply reply = api.handle(call);
        response.header("X-Content-Type-Options", "nosniff");
        response.header("Cache-Control", "no-store");
        switch (reply) {
            case Reply.Json json -> {
                response.status(json.status());
                json.headers().forEach(response::header);
                response.header("Content-Type", "application/json");
                response.send(JSON.writeValueAsBytes(json.body()));
            }
            case Reply.Bytes bytes -> {
                response.status(bytes.status());
                response.header("Content-Type", bytes.contentType());
                response.header("Content-Security-Policy", SECURITY);
                response.header("Referrer-Policy", "no-referrer");
                response.send(bytes.body());
            }
            case Reply.Events events -> stream(events.source(), response);
        }
    }

    /**
     * The web server's own answers to a request it refuses before any route is reached, in the
     * routes' JSON: a body whose declared length is over the limit is the same {@code 413} as one
     * found too long while read; a request that is not well-formed HTTP is the client's mistake. The
     * connection is closed, since what follows the refused request cannot be read.
     */
    private DirectHandler.TransportResponse refused(DirectHandler.TransportRequest request,
                                                    DirectHandler.EventType type, Status status,
                                                    ServerResponseHeaders headers, String message) {
        RequestException refusal = status.code() == 413 ? RequestException.tooLarge(maxBody)
                : new RequestException(status.code(), "the request is not well-formed HTTP (" + message + "): "
                        + "send a valid HTTP/1.1 request");
        return DirectHandler.TransportResponse.builder().status(Status.create(refusal.status()))
                .header(HeaderNames.CONTENT_TYPE, "application/json")
                .header(HeaderNames.create("X-Content-Type-Options"), "nosniff")
                .header(HeaderNames.CACHE_CONTROL, "no-store").keepAlive(false)
                .entity(JSON.writeValueAsBytes(Api.error(refusal).body())).build();
    }

    private static void stream(EventSource source, ServerResponse response) {
        response.status(200);
        response.header("Content-Type", "text/event-stream; charset=utf-8");
        response.header("X-Accel-Buffering", "no");
        // buffered: a batch of events goes out as one chunk, at the source's flush
        try (OutputStream out = new java.io.BufferedOutputStream(response.outputStream(), 16 * 1024)) {
            out.write(": stream\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            source.writeTo(new EventSource.Sink() {
                @Override
                public void event(String id, String name, String data) throws IOException {
                    StringBuilder frame = new StringBuilder(data.length() + 48);
                    if (!id.isEmpty()) {
                        frame.append("id: ").append(id).append('\n');
                    }
                    frame.append("event: ").append(name).append('\n');
                    data.lines().forEach(line -> frame.append("data: ").append(line).append('\n'));
                    out.write(frame.append('\n').toString().getBytes(StandardCharsets.UTF_8));
                }

                @Override
                public void flush() throws IOException {
                    out.flush();
                }

                @Override
                public void comment(String text) throws IOException {
                    out.write((": " + text + "\n\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // the client went away: nothing to tell it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** 32 random bytes, as URL-safe text: as strong as a key, and fit to follow {@code #token=} in an address. */
    private static String newToken() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The configured names, and the address the server listens on when it is one interface's (not loopback, not all). */
    private static List<String> hosts(ServerSettings settings) {
        List<String> hosts = new ArrayList<>(settings.allowedHosts());
        String listening = settings.host();
        boolean everywhere = listening.equals("0.0.0.0") || listening.equals("::") || listening.equals("[::]");
        if (!everywhere && !ServerSettings.loopback(listening)) {
            hosts.add(listening.contains(":") && !listening.startsWith("[") ? "[" + listening + "]" : listening);
        }
        return hosts;
    }

    private static String remote(ServerRequest request) {
        return request.remotePeer().address() instanceof InetSocketAddress peer && peer.getAddress() != null
                ? peer.getAddress().getHostAddress() : String.valueOf(request.remotePeer().address());
    }

    private static Map<String, List<String>> query(ServerRequest request) {
        Map<String, List<String>> values = new java.util.HashMap<>();
        var query = request.query();
        for (String name : query.names()) {
            values.put(name, new ArrayList<>(query.all(name)));
        }
        return values;
    }
}
