package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run over HTTP from start to end: its events streamed, a pause, an approval, a cancel. */
class ServedRunsOverHttpTest {
    @TempDir
    Path root;
    TestBackend backend;
    AgentServer server;
    Client client;

    @BeforeEach
    void start() {
        backend = new TestBackend(root.resolve("sessions"));
        server = AgentServer.start(ServerSettings.local(root.resolve("workspaces"), root.resolve("data")), backend);
        client = new Client(server.address(), server.madeToken());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aRunsEventsStreamFromItsStartToItsAnswer() {
        Client.Answer started = client.post("/v1/runs", "{\"task\": \"call:look answer:All seen.\"}");
        assertThat(started.status()).isEqualTo(202);
        String id = started.body().get("id").asString();

        List<Client.Event> events = client.events(id, Optional.empty());

        assertThat(events).extracting(Client.Event::name).startsWith("run_started")
                .contains("tool_call_started", "tool_call_completed", "text_delta", "run_completed")
                .endsWith("run_state");
        assertThat(events.getLast().data().get("state").asString()).isEqualTo("completed");
        assertThat(events).extracting(Client.Event::id).doesNotHaveDuplicates();
        assertThat(client.get("/v1/runs/" + id).body().get("answer").asString()).isEqualTo("All seen.");
    }
}
