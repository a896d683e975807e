package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.testkit.NpmPackages;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Another agent calling ours with the A2A JavaScript SDK ({@code @a2a-js/sdk} {@value #VERSION}, A2A
 * 1.0), its client built with its default settings: it reads the agent card, picks the 1.0 interface
 * and sends, streams, gets and cancels. The SDK is installed with npm into {@code target/a2a-js} the
 * first time (Node.js and npm needed: the test fails saying so when they are missing).
 */
class A2aJsClientTest {
    static final String VERSION = "1.3.0";
    private static final String TOKEN = "a2a-js-test-token";
    private static final NpmPackages SDK = new NpmPackages(Path.of("target", "a2a-js"), Map.of("@a2a-js/sdk", VERSION),
            "the A2A interoperability tests run the A2A JavaScript SDK's client");

    @TempDir
    Path root;
    AgentServer server;
    Client client;
    Path script;

    @BeforeEach
    void start() throws IOException {
        script = SDK.folder().resolve("a2a-js-client.mjs");
        try (InputStream in = A2aJsClientTest.class.getResourceAsStream("/io/agentloop/server/a2a/a2a-js-client.mjs")) {
            assertThat(in).as("the client script beside this test").isNotNull();
            Path copy = Files.createTempFile(script.getParent(), "a2a-js-client", ".mjs");
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            Files.move(copy, script, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        server = AgentServer.start(ServerSettings.local(root.resolve("workspaces"), root.resolve("data"))
                .withTokens(List.of(TOKEN)), new TestBackend(root.resolve("sessions")));
        client = new Client(server.address(), Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theDefaultClientChoosesA2a10AndSendsAMessage() throws Exception {
        List<JsonNode> lines = js("send", "answer:Hello from JavaScript");

        assertThat(lines.getFirst().get("protocolVersion").asString()).isEqualTo("1.0");
        JsonNode task = lines.get(1).get("task");
        assertThat(task.get("status").get("state").asString()).isEqualTo("TASK_STATE_COMPLETED");
        assertThat(task.get("artifacts").get(0).get("parts").get(0).get("text").asString())
                .isEqualTo("Hello from JavaScript");
        assertThat(task.get("status").get("message").get("role").asString()).isEqualTo("ROLE_AGENT");
        JsonNode run = client.get("/v1/runs/" + task.get("id").asString()).body();
        assertThat(run.get("answer").asString()).isEqualTo("Hello from JavaScript");
        assertThat(run.get("session").asString()).isEqualTo(task.get("contextId").asString());
    }

    @Test
    void theDefaultClientStreamsTheAnswerInPiecesAndTheFinalState() throws Exception {
        List<JsonNode> events = js("stream", "call:look answer:One two three four").stream().skip(1)
                .map(line -> line.get("event")).toList();

        assertThat(events.getFirst().has("task")).as(events.toString()).isTrue();
        String id = events.getFirst().get("task").get("id").asString();
        List<JsonNode> pieces = events.stream().filter(event -> event.has("artifactUpdate"))
                .map(event -> event.get("artifactUpdate")).toList();
        assertThat(pieces).extracting(piece -> piece.get("artifact").get("parts").get(0).get("text").asString())
                .containsExactly("One ", "two ", "three ", "four");
        assertThat(pieces).extracting(piece -> piece.path("append").asBoolean(false))
                .containsExactly(false, true, true, true);
        assertThat(pieces).allSatisfy(piece -> assertThat(piece.get("taskId").asString()).isEqualTo(id));
        JsonNode last = events.getLast().get("statusUpdate");
        assertThat(last).as(events.toString()).isNotNull();
        assertThat(last.get("status").get("state").asString()).isEqualTo("TASK_STATE_COMPLETED");
        assertThat(last.get("status").get("message").get("parts").get(0).get("text").asString())
                .isEqualTo("One two three four");
    }

    @Test
    void theDefaultClientGetsATaskByItsId() throws Exception {
        JsonNode sent = js("send", "answer:Kept.").get(1).get("task");

        JsonNode task = js("get", sent.get("id").asString()).get(1).get("task");

        assertThat(task.get("id").asString()).isEqualTo(sent.get("id").asString());
        assertThat(task.get("contextId").asString()).isEqualTo(sent.get("contextId").asString());
        assertThat(task.get("status").get("state").asString()).isEqualTo("TASK_STATE_COMPLETED");
        assertThat(task.get("artifacts").get(0).get("parts").get(0).get("text").asString()).isEqualTo("Kept.");
    }

    @Test
    void theDefaultClientCancelsAWorkingTask() throws Exception {
        JsonNode working = js("send-later", "call:wait").get(1).get("task");
        assertThat(working.get("status").get("state").asString()).isEqualTo("TASK_STATE_WORKING");
        String id = working.get("id").asString();

        JsonNode cancelled = js("cancel", id).get(1).get("task");
        client.events(id, Optional.empty()); // to the run's end

        assertThat(cancelled.get("id").asString()).isEqualTo(id);
        assertThat(js("get", id).get(1).get("task").get("status").get("state").asString())
                .isEqualTo("TASK_STATE_CANCELED");
        assertThat(client.get("/v1/runs/" + id).body().get("state").asString()).isEqualTo("cancelled");
    }

    /** Runs the client script for one operation and reads what it printed, one JSON object a line. */
    private List<JsonNode> js(String operation, String argument) throws Exception {
        Process node = new ProcessBuilder(NpmPackages.node(), script.toString(), server.address(), TOKEN, operation,
                argument).directory(script.getParent().toFile()).start();
        CompletableFuture<String> errors = CompletableFuture.supplyAsync(() -> read(node.getErrorStream()));
        String output = read(node.getInputStream());
        assertThat(node.waitFor(3, TimeUnit.MINUTES)).as("the JavaScript client ended").isTrue();
        assertThat(node.exitValue()).as("the JavaScript client's exit status; it wrote:\n" + output + errors.get())
                .isZero();
        return output.lines().map(Client.JSON::readTree).toList();
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
