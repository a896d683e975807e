package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.a2a.A2A;
import io.a2a.client.http.A2ACardResolver;
import io.a2a.client.transport.jsonrpc.JSONRPCTransport;
import io.a2a.client.transport.spi.interceptors.ClientCallContext;
import io.a2a.spec.A2AClientException;
import io.a2a.spec.AgentCard;
import io.a2a.spec.EventKind;
import io.a2a.spec.JSONRPCError;
import io.a2a.spec.Message;
import io.a2a.spec.MessageSendConfiguration;
import io.a2a.spec.MessageSendParams;
import io.a2a.spec.StreamingEventKind;
import io.a2a.spec.Task;
import io.a2a.spec.TaskArtifactUpdateEvent;
import io.a2a.spec.TaskIdParams;
import io.a2a.spec.TaskQueryParams;
import io.a2a.spec.TaskState;
import io.a2a.spec.TaskStatusUpdateEvent;
import io.a2a.spec.TextPart;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Another agent calling ours over the Agent2Agent protocol, with the official A2A Java SDK's
 * client: the card, {@code message/send}, {@code message/stream}, a conversation over two messages,
 * a task that waits for approval, and the JSON-RPC errors.
 */
class A2aOverHttpTest {
    private static final String TOKEN = "a2a-test-token";

    @TempDir
    Path root;
    TestBackend backend;
    AgentServer server;
    Client client;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    void start(List<String> tokens) {
        backend = new TestBackend(root.resolve("sessions"));
        server = AgentServer.start(ServerSettings.local(root.resolve("workspaces"), root.resolve("data"))
                .withTokens(tokens), backend);
        client = new Client(server.address(), tokens.isEmpty() ? server.madeToken() : Optional.of(TOKEN));
    }

    /** The SDK's calls with the client's token: the one configured, or else the one the server made. */
    ClientCallContext auth() {
        String token = server.madeToken().orElse(TOKEN);
        return new ClientCallContext(Map.of(), Map.of("Authorization", "Bearer " + token));
    }

    JSONRPCTransport transport() throws Exception {
        return new JSONRPCTransport(new A2ACardResolver(server.address()).getAgentCard());
    }

    static MessageSendParams params(Message message) {
        return new MessageSendParams.Builder().message(message).configuration(new MessageSendConfiguration.Builder()
                .acceptedOutputModes(List.of("text/plain")).blocking(true).build()).build();
    }

    static String text(Task task) {
        return ((TextPart) task.getArtifacts().getFirst().parts().getFirst()).getText();
    }

    @Test
    void messageSendAnswersWithTheAgentsAnswer() throws Exception {
        start(List.of());

        MessageSendParams params = new MessageSendParams.Builder().message(A2A.toUserMessage("answer:Hello big world"))
                .metadata(Map.of("agent", "reviewer")).build();

        EventKind result = transport().sendMessage(params, auth());

        assertThat(result).isInstanceOf(Task.class);
        Task task = (Task) result;
        assertThat(task.getStatus().state()).isEqualTo(TaskState.COMPLETED);
        assertThat(text(task)).isEqualTo("Hello big world");
        assertThat(((TextPart) task.getStatus().message().getParts().getFirst()).getText()).isEqualTo("Hello big world");
        // the task is the served run, in the session that is the context
        JsonNode run = client.get("/v1/runs/" + task.getId()).body();
        assertThat(run.get("answer").asString()).isEqualTo("Hello big world");
        assertThat(run.get("session").asString()).isEqualTo(task.getContextId());
        assertThat(run.get("agent").asString()).isEqualTo("reviewer");
    }

    @Test
    void messageStreamYieldsTheStreamedPartsInOrderAndAFinalStatus() throws Exception {
        start(List.of());
        List<StreamingEventKind> events = new CopyOnWriteArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);

        transport().sendMessageStreaming(params(A2A.toUserMessage("call:look answer:One two three four")), event -> {
            events.add(event);
            if (event instanceof TaskStatusUpdateEvent status && status.isFinal()) {
                done.countDown();
            }
        }, error -> {
            // the client drops the connection once it has the final event, and may report that: not a failure
            if (done.getCount() > 0) {
                failure.set(error);
                done.countDown();
            }
        }, auth());

        assertThat(done.await(3, TimeUnit.MINUTES)).as("the stream ended").isTrue();
        assertThat(failure.get()).isNull();
        assertThat(events.getFirst()).isInstanceOf(Task.class);
        String id = ((Task) events.getFirst()).getId();
        List<TaskArtifactUpdateEvent> pieces = events.stream().filter(TaskArtifactUpdateEvent.class::isInstance)
                .map(TaskArtifactUpdateEvent.class::cast).toList();
        assertThat(pieces).extracting(piece -> ((TextPart) piece.getArtifact().parts().getFirst()).getText())
                .containsExactly("One ", "two ", "three ", "four");
        assertThat(pieces).extracting(TaskArtifactUpdateEvent::isAppend).containsExactly(false, true, true, true);
        assertThat(pieces).allSatisfy(piece -> assertThat(piece.getTaskId()).isEqualTo(id));
        assertThat(events.getLast()).isInstanceOfSatisfying(TaskStatusUpdateEvent.class, last -> {
            assertThat(last.isFinal()).isTrue();
            assertThat(last.getStatus().state()).isEqualTo(TaskState.COMPLETED);
            assertThat(((TextPart) last.getStatus().message().getParts().getFirst()).getText())
                    .isEqualTo("One two three four");
        });
    }

    @Test
    void everyResponseIsValidUnderTheSpecificationsSchema() throws Exception {
        start(List.of());
        Schema sent = schema("SendMessageSuccessResponse");
        Schema streamed = schema("SendStreamingMessageSuccessResponse");

        Client.Answer answer = client.post("/a2a", send(1, "{\"kind\": \"text\", \"text\": \"answer:Valid.\"}", ""));
        Client.Answer stream = client.post("/a2a", send(2, "{\"kind\": \"text\", \"text\": \"call:look "
                + "answer:Valid as well.\"}", "").replace("message/send", "message/stream"));

        assertThat(sent.validate(answer.body())).as(answer.text()).isEmpty();
        assertThat(answer.body().get("result").get("kind").asString()).isEqualTo("task");
        List<JsonNode> events = stream.text().lines().filter(line -> line.startsWith("data: "))
                .map(line -> Client.JSON.readTree(line.substring(6))).toList();
        assertThat(events).extracting(event -> event.get("result").get("kind").asString())
                .startsWith("task", "artifact-update").endsWith("status-update");
        for (JsonNode event : events) {
            assertThat(streamed.validate(event)).as(event.toString()).isEmpty();
            assertThat(event.get("id").asInt()).isEqualTo(2);
        }
    }

    @Test
    void aSecondMessageWithTheSameContextIdContinuesTheConversation() throws Exception {
        start(List.of());
        JSONRPCTransport transport = transport();
        Task first = (Task) transport.sendMessage(params(A2A.toUserMessage("answer:first")), auth());

        Task second = (Task) transport.sendMessage(params(A2A.createUserTextMessage("answer:second",
                first.getContextId(), null)), auth());

        assertThat(second.getStatus().state()).isEqualTo(TaskState.COMPLETED);
        assertThat(text(second)).isEqualTo("second");
        assertThat(second.getContextId()).isEqualTo(first.getContextId());
        assertThat(second.getId()).isNotEqualTo(first.getId());
        JsonNode history = client.get("/v1/sessions/" + first.getContextId()).body().get("history");
        assertThat(history.findValuesAsString("text")).containsSubsequence("answer:first", "first", "answer:second",
                "second");
        assertThat(backend.sessions().list()).hasSize(1);
    }

    @Test
    void aCallThatAsksForApprovalLeavesTheTaskInputRequiredUntilAPersonDecides() throws Exception {
        start(List.of());
        JSONRPCTransport transport = transport();

        Task waiting = (Task) transport.sendMessage(params(A2A.toUserMessage("call:deploy answer:Deployed.")), auth());

        assertThat(waiting.getStatus().state()).isEqualTo(TaskState.INPUT_REQUIRED);
        assertThat(((TextPart) waiting.getStatus().message().getParts().getFirst()).getText()).contains("deploy");
        String call = client.get("/v1/runs/" + waiting.getId() + "/approvals").body().get("approvals").get(0)
                .get("id").asString();
        assertThat(client.post("/v1/runs/" + waiting.getId() + "/approvals/" + call, "{\"decision\": \"approve\"}")
                .status()).isEqualTo(200);
        client.events(waiting.getId(), Optional.empty()); // to the run's end

        Task done = transport.getTask(new TaskQueryParams(waiting.getId()), auth());
        assertThat(done.getStatus().state()).isEqualTo(TaskState.COMPLETED);
        assertThat(text(done)).isEqualTo("Deployed.");
    }

    @Test
    void aTaskSentWithoutWaitingIsWorkingAndCanBeCancelled() throws Exception {
        start(List.of());
        JSONRPCTransport transport = transport();
        MessageSendParams params = new MessageSendParams.Builder().message(A2A.toUserMessage("call:wait"))
                .configuration(new MessageSendConfiguration.Builder().blocking(false).build()).build();

        Task working = (Task) transport.sendMessage(params, auth());
        assertThat(working.getStatus().state()).isEqualTo(TaskState.WORKING);
        transport.cancelTask(new TaskIdParams(working.getId()), auth());
        client.events(working.getId(), Optional.empty()); // to the run's end

        assertThat(transport.getTask(new TaskQueryParams(working.getId()), auth()).getStatus().state())
                .isEqualTo(TaskState.CANCELED);
        assertThatThrownBy(() -> transport.cancelTask(new TaskIdParams(working.getId()), auth()))
                .isInstanceOf(A2AClientException.class).cause().isInstanceOfSatisfying(JSONRPCError.class,
                        error -> assertThat(error.getCode()).isEqualTo(-32002));
    }

    @Test
    void theAgentCardIsValidUnderTheSpecificationsSchemaAndDeclaresTheBearerToken() throws Exception {
        start(List.of(TOKEN));
        Client anonymous = new Client(server.address(), Optional.empty());

        Client.Answer card = anonymous.get("/.well-known/agent-card.json");

        assertThat(card.status()).isEqualTo(200);
        Schema schema = schema("AgentCard");
        assertThat(schema.validate(card.body())).as("errors of the card under the AgentCard schema").isEmpty();
        ObjectNode withoutUrl = ((ObjectNode) card.body()).deepCopy();
        withoutUrl.remove("url");
        assertThat(schema.validate(withoutUrl)).extracting(Error::getMessage).anyMatch(m -> m.contains("url"));
        assertThat(card.body().get("url").asString()).isEqualTo(server.address() + "/a2a");
        assertThat(card.body().get("protocolVersion").asString()).startsWith("0.3.");
        assertThat(card.body().get("capabilities").get("streaming").asBoolean()).isTrue();
        assertThat(card.body().get("skills").findValuesAsString("id")).containsExactly("default", "reviewer");
        assertThat(card.body().get("securitySchemes").get("bearer").get("scheme").asString()).isEqualTo("bearer");

        AgentCard read = new A2ACardResolver(server.address()).getAgentCard();
        assertThat(read.preferredTransport()).isEqualTo("JSONRPC");
        JSONRPCTransport transport = new JSONRPCTransport(read);
        MessageSendParams params = params(A2A.toUserMessage("answer:With a token."));
        assertThatThrownBy(() -> transport.sendMessage(params, null)).isInstanceOf(A2AClientException.class)
                .hasMessageContaining("Authentication failed");
        assertThat(anonymous.post("/a2a", send(1, "{\"kind\": \"text\", \"text\": \"answer:no\"}", "")).status())
                .isEqualTo(401);
        Task task = (Task) transport.sendMessage(params, new ClientCallContext(Map.of(),
                Map.of("Authorization", "Bearer " + TOKEN)));
        assertThat(text(task)).isEqualTo("With a token.");
    }

    @Test
    void jsonRpcErrorsCarryTheSpecificationsCodes() throws Exception {
        start(List.of());

        assertError(client.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": 1, "), -32700, null);
        assertError(client.post("/a2a", "[]"), -32600, null);
        assertError(client.post("/a2a", "{\"id\": 2, \"method\": \"message/send\", \"params\": {}}"), -32600, 2);
        assertError(client.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": \"r3\", \"method\": \"tasks/fly\"}"), -32601,
                "r3");
        assertError(client.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": 4, \"method\": \"message/send\", \"params\": "
                + "{}}"), -32602, 4);
        assertError(client.post("/a2a", send(5, "{\"kind\": \"file\", \"file\": {\"uri\": \"https://example.com/a\"}}",
                "")), -32005, 5);
        assertError(client.post("/a2a", send(6, "{\"kind\": \"text\", \"text\": \"answer:no\"}",
                ", \"contextId\": \"no-such-session\"")), -32602, 6);
        assertError(client.post("/a2a", send(10, "{\"kind\": \"text\", \"text\": \"answer:no\"}", "")
                .replace("}}}", "}, \"metadata\": {\"agent\": \"nobody\"}}}")), -32602, 10);
        assertError(client.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"tasks/get\", \"params\": "
                + "{\"id\": \"run_none\"}}"), -32001, 7);
        assertError(client.post("/a2a", send(8, "{\"kind\": \"text\", \"text\": \"answer:no\"}",
                ", \"taskId\": \"run_none\"")), -32001, 8);
        Client.Answer streamed = client.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": \"message/stream\", "
                + "\"params\": {}}");
        assertThat(streamed.headers().get("Content-Type")).startsWith("text/event-stream");
        String data = streamed.text().lines().filter(line -> line.startsWith("data: ")).findFirst().orElseThrow()
                .substring(6);
        assertThat(Client.JSON.readTree(data).get("error").get("code").asInt()).isEqualTo(-32602);
        // the SDK reads an error as one
        assertThatThrownBy(() -> transport().getTask(new TaskQueryParams("run_none"), auth()))
                .isInstanceOf(A2AClientException.class).cause().isInstanceOfSatisfying(JSONRPCError.class,
                        error -> assertThat(error.getCode()).isEqualTo(-32001));

        assertThat(client.get("/v1/runs").body().get("runs")).isEmpty();
        assertThat(backend.sessions().list()).isEmpty();
        assertThat(backend.started).hasValue(0);
        try (var workspaces = Files.list(root.resolve("workspaces"))) {
            assertThat(workspaces).isEmpty();
        }
    }

    private static String send(int id, String part, String messageFields) {
        return "{\"jsonrpc\": \"2.0\", \"id\": " + id + ", \"method\": \"message/send\", \"params\": {\"message\": "
                + "{\"kind\": \"message\", \"role\": \"user\", \"messageId\": \"m" + id + "\", \"parts\": [" + part
                + "]" + messageFields + "}}}";
    }

    private static void assertError(Client.Answer answer, int code, Object id) throws IOException {
        assertThat(answer.status()).as(answer.text()).isEqualTo(200);
        assertThat(schema("JSONRPCErrorResponse").validate(answer.body())).as(answer.text()).isEmpty();
        assertThat(answer.body().get("jsonrpc").asString()).isEqualTo("2.0");
        assertThat(answer.body().get("error").get("code").asInt()).as(answer.text()).isEqualTo(code);
        assertThat(answer.body().get("error").get("message").asString()).isNotBlank();
        JsonNode echoed = answer.body().get("id");
        if (id == null) {
            assertThat(echoed.isNull()).as(answer.text()).isTrue();
        } else if (id instanceof Integer number) {
            assertThat(echoed.asInt()).isEqualTo(number);
        } else {
            assertThat(echoed.asString()).isEqualTo(id);
        }
        assertThat(answer.body().has("result")).isFalse();
    }

    /** A definition of the specification's schema (draft-07), from the fixture beside this test. */
    private static Schema schema(String definition) throws IOException {
        try (InputStream in = A2aOverHttpTest.class.getResourceAsStream("/io/agentloop/server/a2a/a2a.json")) {
            assertThat(in).as("the schema fixture").isNotNull();
            ObjectNode document = (ObjectNode) Client.JSON.readTree(in);
            document.put("$ref", "#/definitions/" + definition);
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(document);
        }
    }
}
