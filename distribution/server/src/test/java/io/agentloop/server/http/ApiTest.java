package io.agentloop.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.TestBackend;
import io.agentloop.server.run.EventLog;
import io.agentloop.server.run.RunStatus;
import io.agentloop.server.run.ServedRun;
import io.agentloop.server.run.ServedRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** Every route through {@link Api#handle}, without a socket, on the real agent loop of a {@link TestBackend}. */
class ApiTest {
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @TempDir
    Path root;
    final TestClock clock = new TestClock();
    TestBackend backend;
    ServedRuns runs;
    Api api;

    @BeforeEach
    void serve() {
        serve(List.of(Requests.TOKEN), 600, 1 << 20, 32);
    }

    void serve(List<String> tokens, int perMinute, int maxBody, int runsPerToken) {
        serve(tokens, perMinute, maxBody, runsPerToken, Duration.ofMinutes(1));
    }

    void serve(List<String> tokens, int perMinute, int maxBody, int runsPerToken, Duration heartbeat) {
        if (runs != null) {
            runs.close();
        }
        backend = new TestBackend(root.resolve("sessions"));
        runs = new ServedRuns(backend, root.resolve("workspaces"), root.resolve("data"), runsPerToken, clock);
        api = new Api(runs, new ApiSettings(tokens, false, List.of(), perMinute, maxBody, heartbeat), List.of(),
                clock);
    }

    @AfterEach
    void stop() {
        runs.close();
    }

    @Test
    void healthAndTheDescriptionNeedNoToken() {
        serve(List.of("secret"), 600, 1 << 20, 32);

        assertThat(json(api.handle(Requests.get("/health").call()), 200).path("status").asString()).isEqualTo("up");
        assertThat(api.handle(Requests.get("/v1/openapi.json").call())).isInstanceOf(Reply.Bytes.class);
        error(api.handle(Requests.get("/v1/runs").call()), 401);
    }

    @Test
    void theAgentsOfTheProcessAreListedWithTheirStatesToATokenHolder() {
        io.agentloop.core.run.AgentStates agents = new io.agentloop.core.run.AgentStates(10, java.time.Clock.systemUTC());
        api = new Api(runs, new ApiSettings(List.of(Requests.TOKEN), false, List.of(), 600, 1 << 20,
                Duration.ofMinutes(1)), List.of(), clock, agents);
        agents.register("r1", "r1", io.agentloop.api.run.AgentRegistry.Kind.RUN, "coder", Optional.empty());
        agents.register("r2", "r1", io.agentloop.api.run.AgentRegistry.Kind.SUB_AGENT, "helper", Optional.of("r1"));
        agents.update("r2", io.agentloop.api.run.AgentState.EXECUTING);
        agents.update("r1", io.agentloop.api.run.AgentState.FAILED);

        JsonNode listed = json(api.handle(Requests.get("/v1/agents/states").call()), 200).path("agents");

        assertThat(listed).hasSize(2);
        assertThat(listed.get(0).path("run_id").asString()).isEqualTo("r2");
        assertThat(listed.get(0).path("kind").asString()).isEqualTo("sub_agent");
        assertThat(listed.get(0).path("parent_run_id").asString()).isEqualTo("r1");
        assertThat(listed.get(0).path("state").asString()).isEqualTo("EXECUTING");
        assertThat(listed.get(0).path("finished").asBoolean()).isFalse();
        assertThat(listed.get(1).path("state").asString()).isEqualTo("FAILED");
        assertThat(listed.get(1).path("session").asString()).isEqualTo("r1");
        assertThat(listed.get(1).path("finished").asBoolean()).isTrue();
        error(api.handle(Requests.get("/v1/agents/states").token("wrong").call()), 401);
    }

    @Test
    void aRunTheServerMadeIsListedWithTheStateItEndedIn() throws Exception {
        String id = start("{\"task\": \"answer:One two.\"}");
        await(id, RunStatus.COMPLETED);
        EventLog.Entry started = runs.get(id).orElseThrow().events().after(0, Duration.ZERO).entries().getFirst();
        assertThat(started.type()).isEqualTo("run_started");
        String runId = tools.jackson.databind.json.JsonMapper.builder().build().readTree(started.data())
                .path("run_id").asString();

        JsonNode listed = json(api.handle(Requests.get("/v1/agents/states").call()), 200).path("agents");

        assertThat(listed).filteredOn(agent -> agent.path("run_id").asString().equals(runId)).singleElement()
                .satisfies(agent -> {
                    assertThat(agent.path("kind").asString()).isEqualTo("run");
                    assertThat(agent.path("state").asString()).isEqualTo("COMPLETED");
                    assertThat(agent.path("session").asString()).isEqualTo(runId);
                });
    }

    @Test
    void aPathNoRouteHasIs404() {
        assertThat(error(api.handle(Requests.get("/v2/runs").call()), 404)).contains("/v1/openapi.json");
        error(api.handle(Requests.get("/v1/runs/").call()), 404);
    }

    @Test
    void aMethodThePathDoesNotTakeIs405NamingTheOnesItTakes() {
        Reply runs = api.handle(Requests.of("DELETE", "/v1/runs").call());
        assertThat(error(runs, 405)).contains("POST or GET");
        assertThat(((Reply.Json) runs).headers()).containsEntry("Allow", "POST, GET");

        Reply session = api.handle(Requests.of("PUT", "/v1/sessions/s1").call());
        assertThat(((Reply.Json) session).headers()).containsEntry("Allow", "GET, DELETE");
    }

    @Test
    void noTokenOrAWrongOneIs401AndEveryConfiguredTokenIsTaken() {
        serve(List.of("first-token", "second-token"), 600, 1 << 20, 32);

        Reply none = api.handle(Requests.get("/v1/agents").withoutToken().call());
        assertThat(error(none, 401)).contains("Authorization: Bearer");
        assertThat(((Reply.Json) none).headers()).containsEntry("WWW-Authenticate", "Bearer");
        error(api.handle(Requests.get("/v1/agents").token("first-toke").call()), 401);
        error(api.handle(Requests.get("/v1/agents").token("first-token-and-more").call()), 401);
        error(api.handle(Requests.get("/v1/agents").header("Authorization", "Basic Zmlyc3QtdG9rZW4=").call()), 401);

        json(api.handle(Requests.get("/v1/agents").token("first-token").call()), 200);
        json(api.handle(Requests.get("/v1/agents").token("second-token").call()), 200);
        json(api.handle(Requests.get("/v1/agents").header("authorization", "bearer second-token").call()), 200);
    }

    @Test
    void aTokenOverItsRequestsPerMinuteIs429UntilItsTimeComes() {
        serve(List.of("a", "b"), 2, 1 << 20, 32);

        json(api.handle(Requests.get("/v1/runs").token("a").call()), 200);
        json(api.handle(Requests.get("/v1/runs").token("a").call()), 200);
        json(api.handle(Requests.get("/health").call()), 200); // not counted
        Reply refused = api.handle(Requests.get("/v1/runs").token("a").call());

        assertThat(error(refused, 429)).contains("2 a minute");
        assertThat(((Reply.Json) refused).headers()).containsEntry("Retry-After", "30");
        json(api.handle(Requests.get("/v1/runs").token("b").call()), 200); // each token has its own
        clock.advance(Duration.ofSeconds(29));
        assertThat(((Reply.Json) error429(api.handle(Requests.get("/v1/runs").token("a").call()))).headers())
                .containsEntry("Retry-After", "1");
        clock.advance(Duration.ofSeconds(1));
        json(api.handle(Requests.get("/v1/runs").token("a").call()), 200);
    }

    @Test
    void aBodyOverTheLimitIs413AndStartsNothing() throws IOException {
        serve(List.of(Requests.TOKEN), 600, 64, 32);
        String task = "{\"task\": \"" + "x".repeat(60) + "\"}";

        assertThat(error(api.handle(Requests.post("/v1/runs", task).call()), 413)).contains("64 bytes");
        error(api.handle(Requests.post("/v1/sessions/s1/messages", task).call()), 413);
        assertNothingStarted();
    }

    @Test
    void malformedJsonIs400SayingWhere() throws IOException {
        String message = error(api.handle(Requests.post("/v1/runs", "{\"task\": \"look\",\n}").call()), 400);

        assertThat(message).contains("not well-formed JSON").contains("line 2");
        assertNothingStarted();
    }

    @Test
    void anUnknownFieldIs400NamingItAndTheFieldsThereAre() throws IOException {
        String message = error(api.handle(Requests.post("/v1/runs", "{\"task\": \"look\", \"sandbox\": false}")
                .call()), 400);

        assertThat(message).contains("'sandbox'").contains("task").contains("workspace");
        assertThat(error(api.handle(Requests.post("/v1/runs/run_x/cancel", "{\"force\": true}").call()), 400))
                .contains("'force'").contains("no fields");
        assertNothingStarted();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"task\": 5}", "{\"task\": \"x\", \"agent\": [\"default\"]}",
            "{\"task\": \"x\", \"output_schema\": \"object\"}", "{\"task\": \"x\", \"mode\": \"root\"}",
            "{\"task\": \"x\", \"mode\": true}", "[\"task\"]", "\"task\"", "{\"task\": \"x\", \"task\": \"y\"}",
            "{}", "{\"task\": \"  \"}", "{\"task\": \"x\", \"output_schema\": {\"type\": 12}}"})
    void aValueOfTheWrongTypeOrShapeIs400(String body) throws IOException {
        String message = error(api.handle(Requests.post("/v1/runs", body).call()), 400);

        assertThat(message).isNotBlank();
        assertNothingStarted();
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "/etc", "a/b", "..", ".", ".hidden", "", "x/../../y", "a\\b"})
    void aWorkspaceThatIsAPathIs400(String workspace) throws IOException {
        String body = "{\"task\": \"look\", \"workspace\": \"" + workspace.replace("\\", "\\\\") + "\"}";

        assertThat(error(api.handle(Requests.post("/v1/runs", body).call()), 400)).contains("workspace");
        assertNothingStarted();
        assertThat(root.resolve("x")).doesNotExist();
    }

    @Test
    void aWorkspaceThatIsALinkOutOfTheRootIs400() throws IOException {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.createDirectories(root.resolve("workspaces"));
        Files.createSymbolicLink(root.resolve("workspaces/out"), outside);

        String message = error(api.handle(Requests.post("/v1/runs", "{\"task\": \"look\", \"workspace\": \"out\"}")
                .call()), 400);

        assertThat(message).contains("'out'");
        assertThat(runs.list(Optional.empty())).isEmpty();
        assertThat(backend.started).hasValue(0);
        try (Stream<Path> files = Files.list(outside)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aModeWiderThanTheServersIs400AndANarrowerOneIsTaken() throws Exception {
        serveIn(PermissionMode.EDIT);

        assertThat(error(api.handle(Requests.post("/v1/runs", "{\"task\": \"look\", \"mode\": \"auto\"}").call()),
                400)).contains("auto").contains("ask or edit");
        assertNothingStarted();
        JsonNode run = json(api.handle(Requests.post("/v1/runs", "{\"task\": \"look\", \"mode\": \"ask\"}").call()), 202);
        assertThat(run.path("mode").asString()).isEqualTo("ask");
        await(run.path("id").asString(), RunStatus.COMPLETED);
    }

    @Test
    void anUnknownAgentIs400NamingTheAgents() throws IOException {
        assertThat(error(api.handle(Requests.post("/v1/runs", "{\"task\": \"look\", \"agent\": \"root\"}").call()),
                400)).contains("'root'").contains("default, reviewer");
        assertNothingStarted();
    }

    @Test
    void aRunStartsAnswersAndIsListed() throws Exception {
        Reply started = api.handle(Requests.post("/v1/runs", "{\"task\": \"call:look answer:Seen it.\", "
                + "\"agent\": \"reviewer\", \"workspace\": \"project\"}").call());
        JsonNode run = json(started, 202);
        String id = run.path("id").asString();
        assertThat(((Reply.Json) started).headers()).containsEntry("Location", "/v1/runs/" + id);
        assertThat(run.path("agent").asString()).isEqualTo("reviewer");
        assertThat(run.path("workspace").asString()).isEqualTo("project");
        assertThat(root.resolve("workspaces/project")).isDirectory();

        await(id, RunStatus.COMPLETED);

        JsonNode done = json(api.handle(Requests.get("/v1/runs/" + id).call()), 200);
        assertThat(done.path("state").asString()).isEqualTo("completed");
        assertThat(done.path("answer").asString()).isEqualTo("Seen it.");
        assertThat(json(api.handle(Requests.get("/v1/runs").query("state", "completed").call()), 200).path("runs"))
                .extracting(node -> node.path("id").asString()).containsExactly(id);
        assertThat(json(api.handle(Requests.get("/v1/runs").query("state", "waiting").call()), 200).path("runs"))
                .isEmpty();
        assertThat(error(api.handle(Requests.get("/v1/runs").query("state", "asleep").call()), 400))
                .contains("running, waiting");
        String session = done.path("session").asString();
        assertThat(json(api.handle(Requests.get("/v1/sessions/" + session).call()), 200).path("history"))
                .extracting(node -> node.path("role").asString()).contains("user", "assistant", "tool");
    }

    @Test
    void theEventsRouteStreamsTheRunsEventsFromAfterTheLastSeen() throws Exception {
        String id = start("{\"task\": \"answer:One two.\"}");
        await(id, RunStatus.COMPLETED);

        List<String> all = stream(Requests.get("/v1/runs/" + id + "/events"));
        List<String> after = stream(Requests.get("/v1/runs/" + id + "/events").header("Last-Event-ID", "2"));
        List<String> query = stream(Requests.get("/v1/runs/" + id + "/events").query("after", "2"));

        assertThat(all.getFirst()).startsWith("1 run_started");
        assertThat(all.getLast()).startsWith(all.size() + " run_state");
        assertThat(after).isEqualTo(all.subList(2, all.size())).isEqualTo(query);
        assertThat(error(api.handle(Requests.get("/v1/runs/" + id + "/events").header("Last-Event-ID", "two")
                .call()), 400)).contains("'two'");
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES) // a stream without heartbeats would never end
    void anIdleStreamGetsHeartbeatsUntilTheClientGoes() throws Exception {
        serve(List.of(Requests.TOKEN), 600, 1 << 20, 32, Duration.ofMillis(1));
        String id = start("{\"task\": \"call:wait\"}");
        assertThat(backend.wait.awaitStarted(DEADLINE)).isTrue();
        Reply reply = api.handle(Requests.get("/v1/runs/" + id + "/events").call());
        List<String> seen = new ArrayList<>();

        assertThatThrownBy(() -> ((Reply.Events) reply).source().writeTo(new EventSource.Sink() {
            @Override
            public void event(String id, String name, String data) {
                seen.add(name);
            }

            @Override
            public void comment(String text) throws IOException {
                if (seen.contains("tool_call_started")) {
                    throw new IOException("the client went away");
                }
            }
        })).isInstanceOf(IOException.class);

        assertThat(seen).startsWith("run_started").doesNotContain("run_state");
        json(api.handle(Requests.post("/v1/runs/" + id + "/cancel", "").call()), 202);
        await(id, RunStatus.CANCELLED);
    }

    @Test
    void anUnknownRunIs404OnEveryRunRoute() {
        error(api.handle(Requests.get("/v1/runs/run_nope").call()), 404);
        error(api.handle(Requests.get("/v1/runs/run_nope/events").call()), 404);
        error(api.handle(Requests.get("/v1/runs/run_nope/approvals").call()), 404);
        error(api.handle(Requests.post("/v1/runs/run_nope/approvals/call_1", "{\"decision\": \"approve\"}").call()),
                404);
        error(api.handle(Requests.post("/v1/runs/run_nope/cancel", "").call()), 404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nope", "-not-an-id", "a.b"})
    void anUnknownSessionIs404OnEverySessionRoute(String session) throws IOException {
        assertThat(error(api.handle(Requests.get("/v1/sessions/" + session).call()), 404)).contains(session);
        error(api.handle(Requests.of("DELETE", "/v1/sessions/" + session).call()), 404);
        error(api.handle(Requests.post("/v1/sessions/" + session + "/messages", "{\"message\": \"hi\"}").call()), 404);
        assertNothingStarted();
    }

    @Test
    void aWaitingRunListsItsCallAndAnApprovalLetsItFinish() throws Exception {
        String id = start("{\"task\": \"call:deploy\"}");
        await(id, RunStatus.WAITING);
        JsonNode approvals = json(api.handle(Requests.get("/v1/runs/" + id + "/approvals").call()), 200);
        assertThat(approvals.path("approvals")).hasSize(1);
        String call = approvals.path("approvals").get(0).path("id").asString();
        assertThat(approvals.path("approvals").get(0).path("tool").asString()).isEqualTo("deploy");
        assertThat(approvals.path("approvals").get(0).path("decision").isNull()).isTrue();

        assertThat(error(api.handle(Requests.post("/v1/runs/" + id + "/approvals/call_other",
                "{\"decision\": \"approve\"}").call()), 404)).contains(call);
        error(api.handle(Requests.post("/v1/runs/" + id + "/approvals/" + call,
                "{\"decision\": \"deny\", \"scope\": \"always\"}").call()), 400);
        error(api.handle(Requests.post("/v1/runs/" + id + "/approvals/" + call, "{\"scope\": \"once\"}").call()), 400);
        assertThat(backend.deploy.calls()).isEmpty();
        json(api.handle(Requests.post("/v1/runs/" + id + "/approvals/" + call, "{\"decision\": \"approve\"}").call()),
                200);
        await(id, RunStatus.COMPLETED);

        assertThat(backend.deploy.calls()).hasSize(1);
        assertThat(json(api.handle(Requests.get("/v1/runs/" + id).call()), 200).path("answer").asString())
                .isEqualTo("Done: deployed");
    }

    @Test
    void decidingOnARunThatDoesNotWaitIs409() throws Exception {
        String id = start("{\"task\": \"answer:Nothing to ask.\"}");
        await(id, RunStatus.COMPLETED);

        assertThat(error(api.handle(Requests.post("/v1/runs/" + id + "/approvals/call_1",
                "{\"decision\": \"approve\"}").call()), 409)).contains("completed");
        assertThat(json(api.handle(Requests.get("/v1/runs/" + id + "/approvals").call()), 200).path("approvals"))
                .isEmpty();
        error(api.handle(Requests.post("/v1/runs/" + id + "/cancel", "").call()), 409);
    }

    @Test
    void aWaitingRunCancelledEndsAtOnceAndTakesNoDecision() throws Exception {
        String id = start("{\"task\": \"call:deploy\"}");
        await(id, RunStatus.WAITING);
        String call = runs.get(id).orElseThrow().pending().getFirst().call().id();

        JsonNode cancelled = json(api.handle(Requests.post("/v1/runs/" + id + "/cancel", "{}").call()), 202);

        assertThat(cancelled.path("state").asString()).isEqualTo("cancelled");
        assertThat(cancelled.path("pending")).isEmpty();
        assertThat(runs.get(id).orElseThrow().events().ended()).isTrue();
        error(api.handle(Requests.post("/v1/runs/" + id + "/approvals/" + call, "{\"decision\": \"approve\"}")
                .call()), 409);
        assertThat(backend.deploy.calls()).isEmpty();
        assertThat(json(api.handle(Requests.get("/v1/runs").query("state", "cancelled").call()), 200).path("runs"))
                .hasSize(1);
    }

    @Test
    void aRunningRunCancelledStopsAndEndsCancelled() throws Exception {
        String id = start("{\"task\": \"call:wait\"}");
        assertThat(backend.wait.awaitStarted(DEADLINE)).isTrue();

        json(api.handle(Requests.post("/v1/runs/" + id + "/cancel", "").call()), 202);
        await(id, RunStatus.CANCELLED);

        assertThat(backend.wait.sawCancellation()).isTrue();
    }

    @Test
    void aTokenWithAsManyRunsGoingOnAsItMayIs429() throws Exception {
        serve(List.of(Requests.TOKEN), 600, 1 << 20, 1);
        String first = start("{\"task\": \"call:wait\"}");

        Reply refused = api.handle(Requests.post("/v1/runs", "{\"task\": \"look\"}").call());

        assertThat(error(refused, 429)).contains("1 runs going on");
        assertThat(((Reply.Json) refused).headers()).containsKey("Retry-After");
        assertThat(runs.list(Optional.empty())).hasSize(1);
        json(api.handle(Requests.post("/v1/runs/" + first + "/cancel", "").call()), 202);
        await(first, RunStatus.CANCELLED);
        await(start("{\"task\": \"look\"}"), RunStatus.COMPLETED);
    }

    @Test
    void aSessionIsContinuedListedAndDeletedOnceNoRunIsInIt() throws Exception {
        String first = start("{\"task\": \"answer:First.\", \"workspace\": \"kept\"}");
        await(first, RunStatus.COMPLETED);
        String session = runs.get(first).orElseThrow().session();
        assertThat(json(api.handle(Requests.get("/v1/sessions").call()), 200).path("sessions"))
                .extracting(node -> node.path("id").asString()).containsExactly(session);

        JsonNode next = json(api.handle(Requests.post("/v1/sessions/" + session + "/messages",
                "{\"message\": \"call:wait\"}").call()), 202);
        assertThat(next.path("session").asString()).isEqualTo(session);
        assertThat(next.path("workspace").asString()).isEqualTo("kept");
        assertThat(error(api.handle(Requests.of("DELETE", "/v1/sessions/" + session).call()), 409))
                .contains("cancel it first");
        json(api.handle(Requests.post("/v1/runs/" + next.path("id").asString() + "/cancel", "").call()), 202);
        await(next.path("id").asString(), RunStatus.CANCELLED);

        assertThat(json(api.handle(Requests.of("DELETE", "/v1/sessions/" + session).call()), 200).path("deleted")
                .asString()).isEqualTo(session);
        error(api.handle(Requests.get("/v1/sessions/" + session).call()), 404);
    }

    private void serveIn(PermissionMode mode) {
        runs.close();
        backend = new TestBackend(root.resolve("sessions"), mode);
        runs = new ServedRuns(backend, root.resolve("workspaces"), root.resolve("data"), 32, clock);
        api = new Api(runs, new ApiSettings(List.of(Requests.TOKEN), false, List.of(), 600, 1 << 20,
                Duration.ofMinutes(1)), List.of(), clock);
    }

    private String start(String body) {
        return json(api.handle(Requests.post("/v1/runs", body).call()), 202).path("id").asString();
    }

    /** Waits for the run's events until it is in {@code state}, up to the deadline. */
    private void await(String id, RunStatus state) throws InterruptedException {
        ServedRun run = runs.get(id).orElseThrow();
        Instant deadline = Instant.now().plus(DEADLINE);
        long last = 0;
        while (run.status() != state) {
            EventLog.Batch batch = run.events().after(last, Duration.ofSeconds(5));
            if (!batch.entries().isEmpty()) {
                last = batch.entries().getLast().id();
            } else if (batch.ended() && run.status() != state) {
                throw new AssertionError("run " + id + " ended " + run.status() + ", not " + state);
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("run " + id + " is " + run.status() + ", not " + state + ", after " + DEADLINE);
            }
        }
        synchronized (run) {
            // what goes with the state (its pending calls, its record) is set under the run's lock
        }
    }

    /** The stream's events as "id type", read to its end. */
    private List<String> stream(Requests request) throws Exception {
        Reply reply = api.handle(request.call());
        assertThat(reply).isInstanceOf(Reply.Events.class);
        List<String> events = new ArrayList<>();
        ((Reply.Events) reply).source().writeTo(new EventSource.Sink() {
            @Override
            public void event(String id, String name, String data) {
                events.add(id + " " + name + " " + data);
            }

            @Override
            public void comment(String text) {
                // heartbeats are not events
            }
        });
        return events;
    }

    private void assertNothingStarted() throws IOException {
        assertThat(runs.list(Optional.empty())).isEmpty();
        assertThat(backend.started).hasValue(0);
        assertThat(backend.store.list()).isEmpty();
        Path workspaces = root.resolve("workspaces");
        try (Stream<Path> files = Files.list(workspaces)) {
            assertThat(files).isEmpty();
        }
        try (Stream<Path> records = Files.list(root.resolve("data/runs"))) {
            assertThat(records).isEmpty();
        }
    }

    private static Reply error429(Reply reply) {
        error(reply, 429);
        return reply;
    }

    private static JsonNode json(Reply reply, int status) {
        assertThat(reply).isInstanceOf(Reply.Json.class);
        Reply.Json json = (Reply.Json) reply;
        assertThat(json.status()).as("%s", json.body()).isEqualTo(status);
        return json.body();
    }

    /** The error's message, after checking its shape. */
    private static String error(Reply reply, int status) {
        JsonNode body = json(reply, status);
        assertThat(body.path("error").path("status").asInt()).isEqualTo(status);
        assertThat(body.path("error").path("message").isString()).isTrue();
        return body.path("error").path("message").asString();
    }
}
