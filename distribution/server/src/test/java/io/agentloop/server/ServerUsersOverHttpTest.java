package io.agentloop.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.server.users.ServerToken;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Users of one server, over real sockets: two users' tokens and an administrator's, each run and
 * session its maker's; what retention forgets; a run's events replayed after a restart.
 */
class ServerUsersOverHttpTest {
    private static final List<ServerToken> TOKENS = List.of(
            new ServerToken("alice", "alice-secret-token", ServerToken.Role.USER),
            new ServerToken("bob", "bob-secret-token", ServerToken.Role.USER),
            new ServerToken("ops", "ops-secret-token", ServerToken.Role.ADMIN));

    @TempDir
    Path root;
    TestBackend backend;
    AgentServer server;
    Client alice;
    Client bob;
    Client ops;

    void start(Retention retention) {
        backend = new TestBackend(root.resolve("sessions"));
        server = AgentServer.start(ServerSettings.local(root.resolve("workspaces"), root.resolve("data"))
                .withNamedTokens(TOKENS).withRetention(retention), backend);
        alice = new Client(server.address(), Optional.of("alice-secret-token"));
        bob = new Client(server.address(), Optional.of("bob-secret-token"));
        ops = new Client(server.address(), Optional.of("ops-secret-token"));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aUserNeitherListsReadsDecidesCancelsNorContinuesAnothersRunsOrSessionsAndAnAdministratorSeesBoth() {
        start(Retention.DEFAULT);
        String paused = alice.post("/v1/runs", "{\"task\": \"call:deploy\"}").body().get("id").asString();
        alice.eventsUntil(paused, "waiting");
        String call = alice.get("/v1/runs/" + paused + "/approvals").body().get("approvals").get(0).get("id")
                .asString();
        String answered = bob.post("/v1/runs", "{\"task\": \"answer:Bob's answer.\"}").body().get("id").asString();
        bob.eventsUntil(answered, "completed");
        String aliceSession = alice.get("/v1/runs/" + paused).body().get("session").asString();
        String bobSession = bob.get("/v1/runs/" + answered).body().get("session").asString();

        assertThat(ids(bob.get("/v1/runs").body().get("runs"))).containsExactly(answered);
        assertThat(ids(alice.get("/v1/runs").body().get("runs"))).containsExactly(paused);
        assertThat(ids(bob.get("/v1/sessions").body().get("sessions"))).containsExactly(bobSession);
        assertThat(ids(alice.get("/v1/sessions").body().get("sessions"))).containsExactly(aliceSession);
        // each request on the other's run or session is answered as if it did not exist
        assertHidden(bob.get("/v1/runs/" + paused), paused, bob.get("/v1/runs/run_0000"), "run_0000");
        assertHidden(bob.get("/v1/runs/" + paused + "/approvals"), paused,
                bob.get("/v1/runs/run_0000/approvals"), "run_0000");
        assertHidden(bob.post("/v1/runs/" + paused + "/approvals/" + call, "{\"decision\": \"approve\"}"), paused,
                bob.post("/v1/runs/run_0000/approvals/" + call, "{\"decision\": \"approve\"}"), "run_0000");
        assertHidden(bob.post("/v1/runs/" + paused + "/cancel", ""), paused,
                bob.post("/v1/runs/run_0000/cancel", ""), "run_0000");
        assertHidden(bob.get("/v1/runs/" + paused + "/events"), paused, bob.get("/v1/runs/run_0000/events"),
                "run_0000");
        assertHidden(alice.get("/v1/runs/" + answered), answered, alice.get("/v1/runs/run_0000"), "run_0000");
        String unknown = "20260101-000000-abcdef";
        assertHidden(bob.get("/v1/sessions/" + aliceSession), aliceSession, bob.get("/v1/sessions/" + unknown),
                unknown);
        assertHidden(bob.post("/v1/sessions/" + aliceSession + "/messages", "{\"message\": \"answer:mine now\"}"),
                aliceSession, bob.post("/v1/sessions/" + unknown + "/messages", "{\"message\": \"answer:x\"}"),
                unknown);
        assertHidden(bob.post("/v1/runs", "{\"task\": \"answer:mine now\", \"session\": \"" + aliceSession + "\"}"),
                aliceSession, bob.post("/v1/runs", "{\"task\": \"answer:x\", \"session\": \"" + unknown + "\"}"),
                unknown);
        assertHidden(bob.delete("/v1/sessions/" + aliceSession), aliceSession, bob.delete("/v1/sessions/" + unknown),
                unknown);
        // and over A2A: the task and the conversation are not found
        assertThat(rpc(bob, "tasks/get", "{\"id\": \"" + paused + "\"}").path("error").path("code").asInt())
                .isEqualTo(-32001);
        assertThat(rpc(bob, "tasks/cancel", "{\"id\": \"" + paused + "\"}").path("error").path("code").asInt())
                .isEqualTo(-32001);
        assertThat(rpc(alice, "tasks/get", "{\"id\": \"" + answered + "\"}").path("error").path("code").asInt())
                .isEqualTo(-32001);
        JsonNode continued = rpc(bob, "message/send", "{\"message\": {\"role\": \"user\", \"messageId\": \"m1\", "
                + "\"contextId\": \"" + aliceSession + "\", \"parts\": [{\"kind\": \"text\", \"text\": \"answer:x\"}]}}");
        assertThat(continued.path("error").path("message").asString()).contains("no conversation");
        JsonNode intoTask = rpc(bob, "message/send", "{\"message\": {\"role\": \"user\", \"messageId\": \"m2\", "
                + "\"taskId\": \"" + paused + "\", \"parts\": [{\"kind\": \"text\", \"text\": \"answer:x\"}]}}");
        assertThat(intoTask.path("error").path("code").asInt()).isEqualTo(-32001);

        // nothing of alice's moved, and bob made no run in her session
        Client.Answer still = alice.get("/v1/runs/" + paused);
        assertThat(still.body().get("state").asString()).isEqualTo("waiting");
        assertThat(still.body().get("pending")).hasSize(1);
        assertThat(ids(bob.get("/v1/runs").body().get("runs"))).containsExactly(answered);
        assertThat(ids(ops.get("/v1/runs").body().get("runs"))).containsExactlyInAnyOrder(paused, answered);
        assertThat(ops.get("/v1/runs").body().get("runs")).extracting(run -> run.get("owner").asString())
                .containsExactlyInAnyOrder("alice", "bob");
        assertThat(ids(ops.get("/v1/sessions").body().get("sessions"))).containsExactlyInAnyOrder(aliceSession,
                bobSession);
        assertThat(rpc(ops, "tasks/get", "{\"id\": \"" + paused + "\"}").path("result").path("id").asString())
                .isEqualTo(paused);
        assertThat(agentRuns(bob)).contains(answered).doesNotContain(paused);
        assertThat(agentRuns(alice)).contains(paused).doesNotContain(answered);
        assertThat(agentRuns(ops)).contains(paused, answered);

        // each goes on with their own: alice decides her call, bob continues his session (HTTP and A2A)
        assertThat(alice.post("/v1/runs/" + paused + "/approvals/" + call, "{\"decision\": \"approve\"}").status())
                .isEqualTo(200);
        assertThat(alice.eventsUntil(paused, "completed")).isNotEmpty();
        Client.Answer more = bob.post("/v1/sessions/" + bobSession + "/messages", "{\"message\": \"answer:Again.\"}");
        assertThat(more.status()).as(more.text()).isEqualTo(202);
        bob.eventsUntil(more.body().get("id").asString(), "completed");
        JsonNode again = rpc(bob, "message/send", "{\"message\": {\"role\": \"user\", \"messageId\": \"m3\", "
                + "\"contextId\": \"" + bobSession + "\", \"parts\": [{\"kind\": \"text\", \"text\": \"answer:Once more.\"}]}}");
        assertThat(again.path("result").path("contextId").asString()).as(again.toString()).isEqualTo(bobSession);
    }

    @Test
    void aWorkspaceOneUserMadeIsMissingToAnotherAndStaysSoAfterARestart() throws Exception {
        start(Retention.DEFAULT);
        String write = "call:write{\"path\":\"notes.txt\",\"content\":\"alice-private-notes\"} answer:Done.";
        String written = alice.post("/v1/runs", "{\"task\": " + quoted(write) + ", \"workspace\": \"proj\"}").body()
                .get("id").asString();
        alice.eventsUntil(written, "waiting");
        String call = alice.get("/v1/runs/" + written + "/approvals").body().get("approvals").get(0).get("id")
                .asString();
        alice.post("/v1/runs/" + written + "/approvals/" + call, "{\"decision\": \"approve\"}");
        alice.eventsUntil(written, "completed");
        assertThat(root.resolve("workspaces/proj/notes.txt")).hasContent("alice-private-notes");

        // as started, started again, and started again with only the runs' records saying whose it is
        for (int restarted = 0; restarted < 3; restarted++) {
            Client.Answer refused = bob.post("/v1/runs", "{\"task\": " + quoted(write.replace("alice", "bob"))
                    + ", \"workspace\": \"proj\"}");
            assertThat(refused.status()).as(refused.text()).isEqualTo(404);
            assertThat(refused.text()).contains("there is no workspace 'proj'").doesNotContain("alice");
            assertThat(ids(bob.get("/v1/runs").body().get("runs"))).as("bob's refused run").isEmpty();
            assertThat(root.resolve("workspaces/proj/notes.txt")).hasContent("alice-private-notes");
            server.close();
            if (restarted == 1) {
                Files.delete(root.resolve("data/workspaces.json"));
            }
            start(Retention.DEFAULT);
        }
        // a new folder is bob's; alice's is hers and an administrator's to use
        Client.Answer own = bob.post("/v1/runs", "{\"task\": \"answer:Mine.\", \"workspace\": \"bobs\"}");
        assertThat(own.status()).as(own.text()).isEqualTo(202);
        bob.eventsUntil(own.body().get("id").asString(), "completed");
        assertThat(alice.post("/v1/runs", "{\"task\": \"answer:Mine.\", \"workspace\": \"bobs\"}").status())
                .isEqualTo(404);
        for (Client client : List.of(alice, ops)) {
            Client.Answer again = client.post("/v1/runs", "{\"task\": \"answer:Again.\", \"workspace\": \"proj\"}");
            assertThat(again.status()).as(again.text()).isEqualTo(202);
            client.eventsUntil(again.body().get("id").asString(), "completed");
        }
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Test
    void retentionForgetsAFinishedRunsRecordAndEventsAndKeepsARunGoingOn() {
        start(new Retention(Duration.ofDays(1), 1));
        String first = alice.post("/v1/runs", "{\"task\": \"answer:First.\"}").body().get("id").asString();
        alice.eventsUntil(first, "completed");
        String going = alice.post("/v1/runs", "{\"task\": \"call:wait\"}").body().get("id").asString();
        alice.events(going, Optional.empty(), 1);
        String last = alice.post("/v1/runs", "{\"task\": \"answer:Last.\"}").body().get("id").asString();
        alice.eventsUntil(last, "completed");

        assertThat(ids(ops.get("/v1/runs").body().get("runs"))).containsExactlyInAnyOrder(going, last);
        assertThat(ops.get("/v1/runs/" + first).status()).isEqualTo(404);
        assertThat(root.resolve("data/runs/" + first + ".json")).doesNotExist();
        assertThat(root.resolve("data/runs/" + first + ".events.jsonl")).doesNotExist();
        assertThat(root.resolve("data/runs/" + going + ".events.jsonl")).exists();
        assertThat(ops.get("/v1/runs/" + going).body().get("state").asString()).isEqualTo("running");
        assertThat(ids(alice.get("/v1/sessions").body().get("sessions"))).as("sessions are not forgotten").hasSize(3);
    }

    @Test
    void aClientResumesFromLastEventIdOneAfterARestartAndGetsEveryEventOnce() throws Exception {
        start(Retention.DEFAULT);
        String id = alice.post("/v1/runs", "{\"task\": \"call:look answer:Every word counts here.\"}").body()
                .get("id").asString();
        List<Client.Event> before = alice.eventsUntil(id, "completed");
        assertThat(before.size()).isGreaterThan(5);

        server.close();
        start(Retention.DEFAULT);
        List<Client.Event> after = alice.events(id, Optional.of("1"));

        assertThat(after).extracting(Client.Event::id).containsExactlyElementsOf(before.subList(1, before.size())
                .stream().map(Client.Event::id).toList());
        assertThat(after).extracting(Client.Event::name).containsExactlyElementsOf(before.subList(1, before.size())
                .stream().map(Client.Event::name).toList());
        assertThat(after).extracting(event -> event.data().toString()).containsExactlyElementsOf(
                before.subList(1, before.size()).stream().map(event -> event.data().toString()).toList());
        assertThat(bob.get("/v1/runs/" + id + "/events").status()).as("still alice's alone").isEqualTo(404);
        assertThat(Files.readAllLines(root.resolve("data/runs/" + id + ".events.jsonl"))).hasSize(before.size());
    }

    /** The reply on a hidden thing is the reply on one that does not exist: 404, and the same words. */
    private static void assertHidden(Client.Answer hidden, String id, Client.Answer missing, String missingId) {
        assertThat(hidden.status()).as(hidden.text()).isEqualTo(404);
        assertThat(hidden.text().replace(id, "ID")).isEqualTo(missing.text().replace(missingId, "ID"));
    }

    private static JsonNode rpc(Client client, String method, String params) {
        return client.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"" + method + "\", \"params\": "
                + params + "}").body();
    }

    /** The runs of the agents {@code GET /v1/agents/states} shows the client. */
    private static List<String> agentRuns(Client client) {
        return client.get("/v1/agents/states").body().get("agents").valueStream()
                .map(agent -> agent.get("run_id").asString()).toList();
    }

    private static List<String> ids(JsonNode items) {
        return items.valueStream().map(item -> item.get("id").asString()).toList();
    }
}
