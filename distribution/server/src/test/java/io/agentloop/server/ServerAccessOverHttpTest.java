package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okio.BufferedSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who may call a server started without a token, over real sockets: the token it made, the
 * {@code Host} and {@code Origin} a browser sends, {@code OPTIONS} and CORS, bodies over the limit
 * however they come, and each client's own rate of requests.
 */
class ServerAccessOverHttpTest {
    @TempDir
    Path root;
    TestBackend backend;
    AgentServer server;
    Client client;

    void start(ServerSettings settings) {
        backend = new TestBackend(root.resolve("sessions"));
        server = AgentServer.start(settings, backend);
        client = new Client(server.address(), server.madeToken());
    }

    ServerSettings local() {
        return ServerSettings.local(root.resolve("workspaces"), root.resolve("data"));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void withoutAConfiguredTokenTheServerMakesOneAndEveryRouteButHealthNeedsIt() {
        start(local());
        String token = server.madeToken().orElseThrow();
        Client anonymous = new Client(server.address(), Optional.empty());

        assertThat(token).matches("[A-Za-z0-9_-]{43}");
        assertThat(server.consoleAddress()).isEqualTo(server.address() + "/#token=" + token);
        for (String path : List.of("/v1/runs", "/v1/sessions", "/v1/agents", "/v1/runs/run_x/approvals")) {
            Client.Answer refused = anonymous.get(path);
            assertThat(refused.status()).as(path).isEqualTo(401);
            assertThat(refused.body().path("error").path("message").asString()).contains("printed at start");
        }
        assertThat(anonymous.post("/v1/runs", "{\"task\": \"answer:no\"}").status()).isEqualTo(401);
        assertThat(anonymous.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tasks/get\", "
                + "\"params\": {\"id\": \"run_x\"}}").status()).isEqualTo(401);
        assertThat(new Client(server.address(), Optional.of("a-guess")).get("/v1/runs").status()).isEqualTo(401);
        assertThat(anonymous.get("/health").status()).isEqualTo(200);
        assertThat(client.get("/v1/runs").status()).isEqualTo(200);
        assertThat(backend.started).hasValue(0);

        // a server started again makes a new one, and the old one opens nothing
        server.close();
        start(local());
        assertThat(server.madeToken()).isPresent().get().isNotEqualTo(token);
        assertThat(new Client(server.address(), Optional.of(token)).get("/v1/runs").status()).isEqualTo(401);
    }

    @Test
    void aConfiguredTokenIsTheOnlyOneAndNoneIsMade() {
        start(local().withTokens(List.of("configured-token")));

        assertThat(server.madeToken()).isEmpty();
        assertThat(server.consoleAddress()).isEqualTo(server.address() + "/");
        assertThat(new Client(server.address(), Optional.of("configured-token")).get("/v1/runs").status())
                .isEqualTo(200);
    }

    @Test
    void anotherHostIs421AndAnotherOriginIs403EvenWithTheTokenAndNoCorsHeaderIsEverSent() {
        start(local().withAllowedHosts(List.of("agents.example")));
        String own = "127.0.0.1:" + server.port();

        Client.Answer rebound = send(client.request("/v1/runs").header("Host", "rebound.example:" + server.port())
                .post(json("{\"task\": \"answer:no\"}")));
        assertThat(rebound.status()).isEqualTo(421);
        assertThat(rebound.body().path("error").path("message").asString()).contains("server.allowed-hosts")
                .contains("DNS rebinding");
        assertThat(send(client.request("/").header("Host", "rebound.example:" + server.port()).get()).status())
                .isEqualTo(421);
        assertThat(send(client.request("/v1/runs").header("Host", "agents.example:" + server.port()).get()).status())
                .isEqualTo(200);
        assertThat(send(client.request("/health").header("Host", "probe.example").get()).status()).isEqualTo(200);

        for (String origin : List.of("http://elsewhere.example", "null", "http://127.0.0.1:1")) {
            Client.Answer foreign = send(client.request("/v1/runs").header("Origin", origin)
                    .post(RequestBody.create("{\"task\": \"answer:no\"}", MediaType.get("text/plain"))));
            assertThat(foreign.status()).as(origin).isEqualTo(403);
            assertNoCors(foreign);
        }
        assertThat(send(client.request("/v1/runs").header("Origin", "http://" + own).post(json(
                "{\"task\": \"answer:From the console.\"}"))).status()).isEqualTo(202);

        Client.Answer preflight = send(client.request("/v1/runs").header("Origin", "http://elsewhere.example")
                .header("Access-Control-Request-Method", "POST").method("OPTIONS", null));
        assertThat(preflight.status()).isEqualTo(403);
        assertNoCors(preflight);
        Client.Answer options = send(client.request("/v1/runs").method("OPTIONS", null));
        assertThat(options.status()).isEqualTo(405);
        assertThat(options.body().path("error").path("message").asString()).contains("no CORS");
        assertNoCors(options);
        assertNoCors(client.get("/v1/runs"));
        assertThat(backend.started).hasValue(1);
    }

    @Test
    void aChunkedBodyOverTheLimitIs413LikeOneOfDeclaredLength() {
        start(local().withLimits(32, 600, 1024));
        String task = "{\"task\": \"" + "x".repeat(2 << 20) + "\"}";

        Client.Answer sized = client.post("/v1/runs", task);
        Client.Answer chunked = send(client.request("/v1/runs").post(chunked(task)));
        Client.Answer justOver = send(client.request("/v1/runs").post(chunked("{\"task\": \"" + "x".repeat(1020)
                + "\"}")));

        for (Client.Answer answer : List.of(chunked, justOver, sized)) {
            assertThat(answer.status()).as(answer.text()).isEqualTo(413);
            assertThat(answer.body().path("error").path("message").asString()).contains("1024 bytes");
        }
        assertThat(backend.started).hasValue(0);
        Client.Answer within = send(client.request("/v1/runs").post(chunked("{\"task\": \"answer:Chunked.\"}")));
        assertThat(within.status()).as(within.text()).isEqualTo(202);
    }

    @Test
    void eachClientAddressHasItsOwnRequestsPerMinute() {
        start(local().withLimits(32, 2, ServerSettings.DEFAULT_MAX_BODY));
        Client other = client.from("127.0.0.2");

        assertThat(client.get("/v1/runs").status()).isEqualTo(200);
        assertThat(client.get("/v1/runs").status()).isEqualTo(200);
        Client.Answer refused = client.get("/v1/runs");
        assertThat(refused.status()).isEqualTo(429);

        assertThat(other.get("/v1/runs").status()).isEqualTo(200);
        assertThat(other.get("/v1/sessions").status()).isEqualTo(200);
        assertThat(other.get("/v1/runs").status()).isEqualTo(429);
        assertThat(refused.body().path("error").path("message").asString()).contains("127.0.0.1");
    }

    @Test
    void aRequestThatIsNotWellFormedHttpIsAnsweredInTheRoutesJson() throws IOException {
        start(local());

        String answer;
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.getOutputStream().write(("POST /v1/runs HTTP/1.1\r\nHost: 127.0.0.1:" + server.port()
                    + "\r\nContent-Length: many\r\n\r\n{}").getBytes(StandardCharsets.ISO_8859_1));
            answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }

        assertThat(answer).startsWith("HTTP/1.1 400 ").contains("application/json")
                .contains("\"message\":\"the request is not well-formed HTTP");
        assertThat(backend.started).hasValue(0);
    }

    private Client.Answer send(Request.Builder request) {
        return client.send(request.build());
    }

    private static RequestBody json(String text) {
        return RequestBody.create(text, MediaType.get("application/json"));
    }

    /** A body sent in chunks, with no length declared beforehand. */
    private static RequestBody chunked(String text) {
        return new RequestBody() {
            @Override
            public MediaType contentType() {
                return MediaType.get("application/json");
            }

            @Override
            public long contentLength() {
                return -1;
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                sink.writeUtf8(text);
            }
        };
    }

    private static void assertNoCors(Client.Answer answer) {
        assertThat(answer.headers().names()).noneMatch(name -> name.toLowerCase(java.util.Locale.ROOT)
                .startsWith("access-control-"));
    }
}
