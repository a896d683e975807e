package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A2A 1.0 and 0.3 on one endpoint, as they are written on the wire: the card lists the endpoint once
 * per version; a request's method names its version, and the answer takes that version's shapes
 * (1.0: results wrapped in a field naming them, no {@code kind}, {@code TASK_STATE_*} and
 * {@code ROLE_*}); an {@code A2A-Version} header that contradicts the method, or names a version the
 * agent does not speak, is refused with the specification's codes. The SDKs' clients are
 * {@link A2aJsClientTest} (1.0) and {@link A2aOverHttpTest} (0.3).
 */
class A2aVersionsOverHttpTest {
    private static final String TOKEN = "a2a-versions-token";
    private static final MediaType JSON_TYPE = MediaType.get("application/json");

    @TempDir
    Path root;
    TestBackend backend;
    AgentServer server;
    Client client;

    @BeforeEach
    void start() {
        backend = new TestBackend(root.resolve("sessions"));
        server = AgentServer.start(ServerSettings.local(root.resolve("workspaces"), root.resolve("data"))
                .withTokens(List.of(TOKEN)), backend);
        client = new Client(server.address(), Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theCardListsTheEndpointOncePerVersionBesideTheFieldsOf03() {
        JsonNode card = client.get("/.well-known/agent-card.json").body();

        String url = server.address() + "/a2a";
        assertThat(card.get("supportedInterfaces")).hasSize(2);
        assertThat(card.get("supportedInterfaces")).extracting(i -> i.get("url").asString() + " "
                + i.get("protocolBinding").asString() + " " + i.get("protocolVersion").asString())
                .containsExactly(url + " JSONRPC 1.0", url + " JSONRPC 0.3");
        assertThat(card.get("url").asString()).isEqualTo(url);
        assertThat(card.get("preferredTransport").asString()).isEqualTo("JSONRPC");
        assertThat(card.get("protocolVersion").asString()).isEqualTo("0.3.0");
        JsonNode bearer = card.get("securitySchemes").get("bearer");
        assertThat(bearer.get("type").asString()).isEqualTo("http");
        assertThat(bearer.get("httpAuthSecurityScheme").get("scheme").asString()).isEqualTo("bearer");
        assertThat(card.get("securityRequirements").get(0).get("schemes").has("bearer")).isTrue();
    }

    @Test
    void sendMessageIsAnsweredInThe10Shapes() {
        Client.Answer answer = post("1.0", request(1, "SendMessage", "{\"text\": \"answer:In one point oh.\"}"));

        JsonNode result = answer.body().get("result");
        assertThat(result.properties()).extracting(Map.Entry::getKey).containsExactly("task");
        JsonNode task = result.get("task");
        assertThat(task.findValues("kind")).as(answer.text()).isEmpty();
        assertThat(task.get("status").get("state").asString()).isEqualTo("TASK_STATE_COMPLETED");
        assertThat(task.get("status").get("message").get("role").asString()).isEqualTo("ROLE_AGENT");
        assertThat(task.get("artifacts").get(0).get("parts").get(0).properties()).extracting(Map.Entry::getKey)
                .containsExactly("text");
        assertThat(task.get("artifacts").get(0).get("parts").get(0).get("text").asString())
                .isEqualTo("In one point oh.");

        JsonNode got = post("1.0", byId(2, "GetTask", task.get("id").asString())).body().get("result");
        assertThat(got.get("id").asString()).isEqualTo(task.get("id").asString());
        assertThat(got.get("status").get("state").asString()).isEqualTo("TASK_STATE_COMPLETED");
    }

    @Test
    void aStreamSendsEachEventWrappedInTheFieldThatNamesIt() {
        Client.Answer stream = post("1.0", request(3, "SendStreamingMessage",
                "{\"text\": \"call:look answer:Streamed in parts.\"}"));

        assertThat(stream.headers().get("Content-Type")).startsWith("text/event-stream");
        List<JsonNode> events = stream.text().lines().filter(line -> line.startsWith("data: "))
                .map(line -> Client.JSON.readTree(line.substring(6)).get("result")).toList();
        assertThat(events).extracting(event -> event.propertyNames().iterator().next())
                .startsWith("task", "artifactUpdate").endsWith("statusUpdate");
        assertThat(events).allSatisfy(event -> assertThat(event.properties()).hasSize(1));
        JsonNode last = events.getLast().get("statusUpdate");
        assertThat(last.has("final")).isFalse();
        assertThat(last.get("status").get("state").asString()).isEqualTo("TASK_STATE_COMPLETED");
        assertThat(events).allSatisfy(event -> assertThat(event.findValues("kind")).isEmpty());
    }

    @Test
    void returnImmediatelyAnswersAWorkingTaskThatCancelTaskStops() {
        String later = request(4, "SendMessage", "{\"text\": \"call:wait\"}").replaceFirst("}}}$",
                "}, \"configuration\": {\"returnImmediately\": true}}}");
        JsonNode task = post("1.0", later).body().get("result").get("task");
        assertThat(task.get("status").get("state").asString()).isEqualTo("TASK_STATE_WORKING");
        String id = task.get("id").asString();

        assertThat(post("1.0", byId(5, "CancelTask", id)).body().get("result").get("id").asString()).isEqualTo(id);
        client.events(id, Optional.empty()); // to the run's end

        JsonNode got = post("1.0", byId(6, "GetTask", id)).body().get("result");
        assertThat(got.get("status").get("state").asString()).isEqualTo("TASK_STATE_CANCELED");
    }

    @Test
    void aHeaderThatContradictsTheMethodOrNamesAnUnknownVersionIsRefused() {
        String send10 = request(7, "SendMessage", "{\"text\": \"answer:no\"}");
        String send03 = request(8, "message/send", "{\"kind\": \"text\", \"text\": \"answer:no\"}")
                .replace("ROLE_USER", "user");

        assertCode(post("0.3", send10), -32601, "message/send");
        assertCode(post("1.0", send03), -32601, "SendMessage");
        assertCode(post("2.0", send10), -32009, "2.0");
        assertCode(post("1.0", send10.replace("ROLE_USER", "user")), -32602, "ROLE_USER");
        assertCode(post("1.0", request(9, "SendMessage", "{\"url\": \"https://example.com/a\"}")), -32005, "url");
        assertCode(post("1.0", request(10, "message/fly", "{\"text\": \"answer:no\"}")), -32601, "GetTask");
        assertThat(backend.started).hasValue(0);

        JsonNode task = post("0.3", send03).body().get("result");
        assertThat(task.get("kind").asString()).isEqualTo("task");
        assertThat(task.get("status").get("state").asString()).isEqualTo("completed");
        assertThat(post("1.0", send10).body().get("result").get("task").get("status").get("state").asString())
                .isEqualTo("TASK_STATE_COMPLETED");
    }

    private static String request(int id, String method, String part) {
        return "{\"jsonrpc\": \"2.0\", \"id\": " + id + ", \"method\": \"" + method + "\", \"params\": {\"message\": "
                + "{\"role\": \"ROLE_USER\", \"messageId\": \"m" + id + "\", \"parts\": [" + part + "]}}}";
    }

    private static String byId(int id, String method, String task) {
        return "{\"jsonrpc\": \"2.0\", \"id\": " + id + ", \"method\": \"" + method + "\", \"params\": {\"id\": \""
                + task + "\"}}";
    }

    /** Posts to the A2A endpoint as a client of {@code version} would: with its {@code A2A-Version} header. */
    private Client.Answer post(String version, String body) {
        return client.send(client.request("/a2a").header("A2A-Version", version)
                .post(RequestBody.create(body, JSON_TYPE)).build());
    }

    private static void assertCode(Client.Answer answer, int code, String named) {
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(answer.body().has("error")).as(answer.text()).isTrue();
        assertThat(answer.body().get("error").get("code").asInt()).as(answer.text()).isEqualTo(code);
        assertThat(answer.body().get("error").get("message").asString()).as(answer.text()).contains(named);
    }
}
