package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.PluginJarBuilder;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentloop serve} from the built installation, against a fake model on loopback: many runs
 * at once, each event stream read to its end, a broken stream resumed, a pause approved over HTTP, a
 * cancel, a waiting run that outlives a restart of the server, and the requests it refuses leaving
 * nothing behind.
 */
class ServeIT {
    @TempDir(factory = VisibleTempDir.class)
    Path work;

    private final MockWebServer model = new MockWebServer();
    private TaskModel tasks;
    private InstalledLauncher installed;
    private Path counter;
    private Process serving;

    @BeforeEach
    void setUp() throws IOException {
        counter = work.resolve("counter.txt");
        tasks = new TaskModel(counter.toString());
        model.setDispatcher(tasks);
        model.start(0);
        installed = InstalledLauncher.copyInto(work, work.resolve("home"), model);
        PluginJarBuilder.plugin("serve-tools").version("1.0.0").provides(Tool.class, CountingTool.class, CountingWriteTool.class)
                .writeTo(installed.plugins());
        Path home = installed.home();
        installed.extraEnv().put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        installed.extraEnv().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        installed.runningIn(Files.createDirectories(work.resolve("cwd")));
    }

    @AfterEach
    void tearDown() throws Exception {
        stop();
        tasks.close();
        model.close();
    }

    @Test
    void hundredRunsAtOnceStreamEveryEventToTheirEndAndAStreamBrokenOffGoesOnFromTheLastEventItSaw() throws Exception {
        configure("server:\n  runs-per-token: 150\n  requests-per-minute: 100000\n");
        ServedApi api = serve(Optional.empty());

        List<String> ids = new ArrayList<>();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ServedApi.Reply>> started = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                String task = "{\"task\": \"answer:run " + i + " says hello\"}";
                started.add(clients.submit(() -> api.post("/v1/runs", task)));
            }
            for (Future<ServedApi.Reply> reply : started) {
                assertThat(reply.get().status()).as(reply.get().body().toString()).isEqualTo(202);
                ids.add(reply.get().body().get("id").asString());
            }
            List<Future<List<ServedApi.Event>>> streams = new ArrayList<>();
            for (String id : ids) {
                streams.add(clients.submit(() -> api.events(id, Optional.empty())));
            }
            for (int i = 0; i < ids.size(); i++) {
                List<ServedApi.Event> events = streams.get(i).get();
                assertThat(events).extracting(ServedApi.Event::id).as("run %d's event ids", i)
                        .containsExactlyElementsOf(Stream.iterate(1L, n -> n + 1).limit(events.size()).toList());
                assertThat(events.getLast().name()).isEqualTo("run_state");
                assertThat(events.getLast().data().get("state").asString()).isEqualTo("completed");
                assertThat(text(events)).isEqualTo("run " + i + " says hello");
            }
        }
        assertThat(api.get("/v1/runs?state=completed").body().get("runs")).hasSize(100);

        // a stream broken off where the run waits for approval, the approval given, the stream resumed
        String paused = api.post("/v1/runs", "{\"task\": \"call:write\"}").body().get("id").asString();
        List<ServedApi.Event> before = api.events(paused, Optional.empty(), event -> event.name().equals("run_state")
                && event.data().get("state").asString().equals("waiting"));
        ServedApi.Reply approvals = api.get("/v1/runs/" + paused + "/approvals");
        assertThat(approvals.body().get("approvals")).hasSize(1);
        String call = approvals.body().get("approvals").get(0).get("id").asString();
        assertThat(approvals.body().get("approvals").get(0).get("tool").asString()).isEqualTo("counting_write");
        ServedApi.Reply approved = api.post("/v1/runs/" + paused + "/approvals/" + call, "{\"decision\": \"approve\"}");
        assertThat(approved.status()).as(approved.body().toString()).isEqualTo(200);
        List<ServedApi.Event> after = api.events(paused, Optional.of(before.getLast().id()));

        List<ServedApi.Event> all = new ArrayList<>(before);
        all.addAll(after);
        assertThat(all).extracting(ServedApi.Event::id)
                .containsExactlyElementsOf(Stream.iterate(1L, n -> n + 1).limit(all.size()).toList());
        assertThat(all).extracting(ServedApi.Event::name).contains("tool_call_pending", "tool_call_completed");
        assertThat(after.getLast().data().get("state").asString()).isEqualTo("completed");
        assertThat(counter).as(all.toString()).exists();
        assertThat(Files.readAllLines(counter)).containsExactly(call + " wrote out.txt");
        String workspace = api.get("/v1/runs/" + paused).body().get("workspace").asString();
        assertThat(work.resolve("workspaces").resolve(workspace).resolve("out.txt")).hasContent("hello");

        // a cancel stops a run waiting on its model
        String hanging = api.post("/v1/runs", "{\"task\": \"hang\"}").body().get("id").asString();
        api.events(hanging, Optional.empty(), event -> event.name().equals("state_changed")
                && event.data().get("to").asString().equals("EXECUTING"));
        assertThat(api.post("/v1/runs/" + hanging + "/cancel", "").status()).isEqualTo(202);
        List<ServedApi.Event> cancelled = api.events(hanging, Optional.empty());
        assertThat(cancelled.getLast().data().get("state").asString()).isEqualTo("cancelled");
    }

    @Test
    void aRunWaitingForApprovalOutlivesARestartOfTheServerAndTheApprovalRunsItsCallOnce() throws Exception {
        configure("");
        ServedApi api = serve(Optional.empty());
        String id = api.post("/v1/runs", "{\"task\": \"call:write\"}").body().get("id").asString();
        api.events(id, Optional.empty(), event -> event.name().equals("run_state"));
        assertThat(api.get("/v1/runs/" + id).body().get("state").asString()).isEqualTo("waiting");

        stop();
        api = serve(Optional.empty());

        ServedApi.Reply run = api.get("/v1/runs/" + id);
        assertThat(run.body().get("state").asString()).isEqualTo("waiting");
        assertThat(run.body().get("pending")).hasSize(1);
        ServedApi.Reply approvals = api.get("/v1/runs/" + id + "/approvals");
        assertThat(approvals.body().get("approvals")).hasSize(1);
        String call = approvals.body().get("approvals").get(0).get("id").asString();
        assertThat(Files.exists(counter)).isFalse();
        long seen = run.body().get("last_event").asLong();

        assertThat(api.post("/v1/runs/" + id + "/approvals/" + call, "{\"decision\": \"approve\"}").status())
                .isEqualTo(200);
        List<ServedApi.Event> rest = api.events(id, Optional.of(seen));

        assertThat(rest.getFirst().id()).isEqualTo(seen + 1);
        assertThat(rest.getLast().data().get("state").asString()).isEqualTo("completed");
        assertThat(Files.readAllLines(counter)).containsExactly(call + " wrote out.txt");
        assertThat(api.get("/v1/runs/" + id).body().get("answer").asString()).isEqualTo("Done.");
    }

    @Test
    void refusedRequestsLeaveNoRunNoSessionAndNoFileBehind() throws Exception {
        Path tokens = work.resolve("tokens.txt");
        Files.writeString(tokens, "# who may call\nfirst-secret-token\n");
        configure("server:\n  token-file: " + tokens + "\n  runs-per-token: 1\n  max-body: 4096\n");
        ServedApi api = serve(Optional.of("first-secret-token"));
        String kept = api.post("/v1/runs", "{\"task\": \"hang\"}").body().get("id").asString();
        api.events(kept, Optional.empty(), event -> event.name().equals("state_changed"));
        List<Path> before = files();
        Path outside = Files.createDirectories(work.resolve("outside"));
        Files.createSymbolicLink(work.resolve("workspaces/escape"), outside);
        before = files();

        assertThat(api.withToken(Optional.empty()).post("/v1/runs", "{\"task\": \"x\"}").status()).isEqualTo(401);
        assertThat(api.withToken(Optional.of("first-secret-tokem")).post("/v1/runs", "{\"task\": \"x\"}").status())
                .isEqualTo(401);
        assertThat(api.post("/v1/runs", ("{\"task\": \"" + "x".repeat(5000) + "\"}").getBytes(StandardCharsets.UTF_8))
                .status()).isEqualTo(413);
        ServedApi.Reply chunked = api.postChunked("/v1/runs", ("{\"task\": \"" + "x".repeat(2 << 20) + "\"}")
                .getBytes(StandardCharsets.UTF_8));
        assertThat(chunked.status()).as(chunked.text()).isEqualTo(413);
        assertThat(chunked.message()).contains("4096 bytes");
        ServedApi.Reply malformed = api.post("/v1/runs", "{\"task\": ");
        assertThat(malformed.status()).isEqualTo(400);
        ServedApi.Reply unknown = api.post("/v1/runs", "{\"task\": \"x\", \"sandbox\": false}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.message()).contains("'sandbox'");
        for (String folder : List.of("../outside", "/tmp", "a/b", "..", "escape")) {
            ServedApi.Reply refused = api.post("/v1/runs", "{\"task\": \"x\", \"workspace\": \"" + folder + "\"}");
            assertThat(refused.status()).as(folder).isEqualTo(400);
            assertThat(refused.message()).as(folder).contains("workspace");
        }
        ServedApi.Reply wider = api.post("/v1/runs", "{\"task\": \"x\", \"mode\": \"yes\"}");
        assertThat(wider.status()).isEqualTo(400);
        ServedApi.Reply over = api.post("/v1/runs", "{\"task\": \"x\"}");
        assertThat(over.status()).isEqualTo(429);
        assertThat(over.headers().get("Retry-After")).isNotBlank();

        assertThat(files()).containsExactlyInAnyOrderElementsOf(before);
        assertThat(api.get("/v1/runs").body().get("runs")).hasSize(1);
        assertThat(api.get("/v1/sessions").body().get("sessions")).hasSize(1);
        assertThat(outside).isEmptyDirectory();
        assertThat(installed.errors() + installed.output()).doesNotContain("first-secret-token");
        // a client's mistakes are answered, not logged as the server's failures
        assertThat(installed.errors()).doesNotContain("Exception").doesNotContainPattern("(?m)^\\s+at ");
    }

    @Test
    void withoutAConfiguredTokenTheServerMakesOneAndPrintsTheConsolesAddressWithIt() throws Exception {
        configure("server:\n  allowed-hosts: [agents.example]\n");
        ServedApi api = serve(Optional.empty());
        Matcher console = Pattern.compile("console http://127\\.0\\.0\\.1:(\\d+)/#token="
                + "([A-Za-z0-9_-]{43})\n").matcher(installed.output());
        assertThat(console.find()).as(installed.output()).isTrue();
        String port = console.group(1);

        assertThat(api.get("/v1/runs").status()).isEqualTo(200);
        ServedApi.Reply anonymous = api.withToken(Optional.empty()).get("/v1/runs");
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.message()).contains("printed at start");
        assertThat(api.withToken(Optional.empty()).get("/health").status()).isEqualTo(200);
        assertThat(api.get("/v1/runs", Map.of("Host", "agents.example:" + port)).status()).isEqualTo(200);
        ServedApi.Reply rebound = api.get("/v1/runs", Map.of("Host", "rebound.example:" + port));
        assertThat(rebound.status()).isEqualTo(421);
        assertThat(rebound.message()).contains("server.allowed-hosts");
        assertThat(api.get("/v1/runs", Map.of("Origin", "http://elsewhere.example")).status()).isEqualTo(403);

        // what a web page can send to approve a waiting call for good: refused, and no rule is written
        String paused = api.post("/v1/runs", "{\"task\": \"call:write\"}").body().get("id").asString();
        api.events(paused, Optional.empty(), event -> event.name().equals("run_state")
                && event.data().get("state").asString().equals("waiting"));
        String approval = "/v1/runs/" + paused + "/approvals/" + api.get("/v1/runs/" + paused + "/approvals").body()
                .get("approvals").get(0).get("id").asString();
        String always = "{\"decision\": \"approve\", \"scope\": \"always\"}";
        assertThat(api.withToken(Optional.empty()).post(approval, always, Map.of("Content-Type", "text/plain"))
                .status()).isEqualTo(401);
        assertThat(api.post(approval, always, Map.of("Content-Type", "text/plain", "Origin",
                "http://elsewhere.example")).status()).isEqualTo(403);
        assertThat(api.post(approval, always, Map.of("Host", "rebound.example:" + port)).status()).isEqualTo(421);
        assertThat(api.get("/v1/runs/" + paused).body().get("state").asString()).isEqualTo("waiting");
        Path rules = installed.sessions().resolveSibling("approved-rules");
        assertThat(entries(rules)).isEmpty();
        // the owner's own approval, with the token, is what writes one
        assertThat(api.post(approval, always).status()).isEqualTo(200);
        assertThat(entries(rules)).hasSize(1);
    }

    @Test
    void theServersModeIsTheWidestARequestMayNarrowItAndAProfileRunsWithItsOwnPromptAndTools() throws Exception {
        configure("server:\n  mode: edit\nagents:\n  reviewer:\n    description: Reviews changes.\n"
                + "    system: You review changes and never write.\n    tools: [read]\n");
        ServedApi api = serve(Optional.empty());
        assertThat(api.get("/v1/agents").body().toString()).isEqualTo("{\"agents\":[\"default\",\"reviewer\"],"
                + "\"mode\":\"edit\"}");

        String edits = api.post("/v1/runs", "{\"task\": \"call:write\"}").body().get("id").asString();
        assertThat(api.events(edits, Optional.empty()).getLast().data().get("state").asString()).isEqualTo("completed");
        String asks = api.post("/v1/runs", "{\"task\": \"call:write\", \"mode\": \"ask\"}").body().get("id")
                .asString();
        assertThat(api.events(asks, Optional.empty(), event -> event.name().equals("run_state")).getLast().data()
                .get("state").asString()).isEqualTo("waiting");
        assertThat(api.post("/v1/runs", "{\"task\": \"x\", \"mode\": \"auto\"}").message()).contains("edit");

        String reviewed = api.post("/v1/runs", "{\"task\": \"answer:Looks right.\", \"agent\": \"reviewer\"}")
                .body().get("id").asString();
        assertThat(api.events(reviewed, Optional.empty()).getLast().data().get("state").asString())
                .isEqualTo("completed");
        String request = tasks.bodies().stream().filter(body -> body.contains("Looks right.")).findFirst().orElseThrow();
        JsonNode sent = ServedApi.JSON.readTree(request);
        assertThat(sent.get("messages").get(0).get("content").asString()).contains("You review changes and never write.");
        assertThat(sent.get("tools")).extracting(tool -> tool.get("function").get("name").asString())
                .contains("read").doesNotContain("write", "counting_write", "bash");
    }

    /** The workspaces outside {@code /tmp}, which the sandbox replaces with an empty folder of its own anyway. */
    @TempDir(factory = VisibleTempDir.class)
    Path outsideTmp;

    @Test
    void aServedRunsCommandsSeeNoOtherRunsWorkspace() throws Exception {
        Path workspaces = outsideTmp.resolve("workspaces");
        configure("server:\n  mode: auto\n  workspaces: " + workspaces + "\n");
        Path other = Files.createDirectories(workspaces.resolve("other-run"));
        Files.writeString(other.resolve("notes.txt"), "another run's notes");
        ServedApi api = serve(Optional.empty());

        String id = api.post("/v1/runs", "{\"task\": \"bash:pwd; ls -a ..; cat ../other-run/notes.txt\"}").body()
                .get("id").asString();
        List<ServedApi.Event> events = api.events(id, Optional.empty());

        String output = events.stream().filter(e -> e.name().equals("tool_call_completed")).findFirst().orElseThrow()
                .data().get("content").asString();
        String workspace = api.get("/v1/runs/" + id).body().get("workspace").asString();
        assertThat(output).contains(workspaces.resolve(workspace).toString()).containsPattern("(?m)^" + workspace + "$")
                .doesNotContain("another run's notes").doesNotContainPattern("(?m)^other-run$");
        assertThat(events.getLast().data().get("state").asString()).isEqualTo("completed");
    }

    @Test
    void withEveryXdgFolderSetAServedRunWorksInTheDefaultWorkspacesFolderOutsideEveryProtectedOne() throws Exception {
        // no sessions.folder and no AGENTLOOP_SESSIONS: sessions and server data lie in $XDG_DATA_HOME/agentloop,
        // the folder kept from every command, so the runs' workspaces go to the state folder
        installed.extraEnv().put("AGENTLOOP_SESSIONS", null);
        installed.extraEnv().put("XDG_STATE_HOME", installed.home().resolve(".local/state").toString());
        Files.writeString(installed.userConfig(), "server:\n  mode: auto\n");
        ServedApi api = serve(Optional.empty());

        ServedApi.Reply started = api.post("/v1/runs", "{\"task\": \"bash:pwd; ls ..\"}");
        assertThat(started.status()).as(started.body().toString()).isEqualTo(202);
        String id = started.body().get("id").asString();
        List<ServedApi.Event> events = api.events(id, Optional.empty());

        Path workspaces = installed.home().resolve(".local/state/agentloop/workspaces");
        String workspace = api.get("/v1/runs/" + id).body().get("workspace").asString();
        String output = events.stream().filter(e -> e.name().equals("tool_call_completed")).findFirst().orElseThrow()
                .data().get("content").asString();
        assertThat(events.getLast().data().get("state").asString()).as(output).isEqualTo("completed");
        assertThat(output).contains(workspaces.resolve(workspace).toString()).doesNotContain("sessions");
        assertThat(installed.output()).contains("runs work in " + workspaces);
        assertThat(api.get("/v1/sessions").body().get("sessions")).hasSize(1);
    }

    @Test
    void aConfiguredWorkspacesFolderInsideAProtectedOneIsRefusedAtStartInOneLine() throws Exception {
        installed.extraEnv().put("AGENTLOOP_SESSIONS", null);
        Path inside = installed.home().resolve(".local/share/agentloop/workspaces");
        Files.writeString(installed.userConfig(), "server:\n  workspaces: " + inside + "\n");

        InstalledLauncher.Outcome refused = installed.run("serve", "--port", "0");

        assertThat(refused.exit()).as(refused.out()).isEqualTo(Launcher.CONFIGURATION);
        assertThat(refused.err().strip()).doesNotContain("\n").contains("server.workspaces " + inside)
                .contains("lies inside " + installed.home().resolve(".local/share/agentloop")).contains("outside it");
        assertThat(inside).doesNotExist();
    }

    @Test
    void aServedRunHasOneIdInItsA2aTaskTheApiItsEventsItsSessionAndItsReport() throws Exception {
        configure("");
        ServedApi api = serve(Optional.empty());
        ServedApi.Reply sent = api.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"message/send\", "
                + "\"params\": {\"message\": {\"role\": \"user\", \"messageId\": \"m1\", \"parts\": [{\"kind\": "
                + "\"text\", \"text\": \"call:write\"}]}, \"configuration\": {\"blocking\": true}}}");
        String id = sent.body().path("result").path("id").asString();
        assertThat(sent.body().path("result").path("status").path("state").asString()).as(sent.text())
                .isEqualTo("input-required");
        // the run goes on after the approval: a second agent run, under the same id
        String call = api.get("/v1/runs/" + id + "/approvals").body().get("approvals").get(0).get("id").asString();
        assertThat(api.post("/v1/runs/" + id + "/approvals/" + call, "{\"decision\": \"approve\"}").status())
                .isEqualTo(200);
        List<ServedApi.Event> events = api.events(id, Optional.empty());
        assertThat(events.getLast().data().get("state").asString()).isEqualTo("completed");

        ServedApi.Reply run = api.get("/v1/runs/" + id);
        assertThat(run.body().get("id").asString()).isEqualTo(id);
        assertThat(events.stream().filter(e -> e.name().equals("run_started")).map(e -> e.data().get("run_id")
                .asString())).containsExactly(id, id);
        assertThat(events.stream().filter(e -> e.name().equals("run_completed")).map(e -> e.data().get("run_id")
                .asString())).isNotEmpty().containsOnly(id);
        assertThat(events.stream().filter(e -> e.name().equals("run_state")).map(e -> e.data().get("run")
                .asString())).containsOnly(id);
        String session = run.body().get("session").asString();
        Set<String> kept = new TreeSet<>();
        try (Stream<Path> files = Files.list(installed.sessions())) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith(session)).toList()) {
                Matcher ids = RUN_ID.matcher(Files.readString(file));
                while (ids.find()) {
                    kept.add(ids.group(1));
                }
            }
        }
        assertThat(kept).containsExactly(id);
        InstalledLauncher.Outcome report = installed.run("report", session, "-o", "-");
        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(report.out()).contains(id).doesNotContainPattern("run-[0-9a-z]+-[0-9]+");
        ServedApi.Reply task = api.post("/a2a", "{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": \"tasks/get\", "
                + "\"params\": {\"id\": \"" + id + "\"}}");
        assertThat(task.body().path("result").path("id").asString()).isEqualTo(id);
        assertThat(task.body().path("result").path("contextId").asString()).isEqualTo(session);
    }

    private static final Pattern RUN_ID = Pattern.compile("\"run_id\"\\s*:\\s*\"([^\"]+)\"");

    @Test
    void theNamedTokensOfTheConfigurationEachOwnTheirRunsAndRetentionForgetsTheFinishedOnesBeyondItsCount()
            throws Exception {
        Path alice = work.resolve("alice.token");
        Files.writeString(alice, "# alice's\nalice-secret-token\n");
        Path ops = work.resolve("ops.token");
        Files.writeString(ops, "ops-secret-token\n");
        configure("server:\n  tokens:\n    alice:\n      file: " + alice + "\n    ops:\n      file: " + ops
                + "\n      role: admin\n  retention:\n    age: 30d\n    count: 1\n");
        ServedApi api = serve(Optional.of("alice-secret-token"));
        ServedApi admin = api.withToken(Optional.of("ops-secret-token"));
        Await.until("the server to name its tokens", () -> installed.output().contains(
                "2 bearer tokens accepted (alice, ops)"), installed::output);

        String first = api.post("/v1/runs", "{\"task\": \"answer:Alice's.\"}").body().get("id").asString();
        assertThat(api.events(first, Optional.empty()).getLast().data().get("state").asString()).isEqualTo("completed");
        assertThat(admin.get("/v1/runs/" + first).body().get("owner").asString()).isEqualTo("alice");
        String second = admin.post("/v1/runs", "{\"task\": \"answer:The admin's.\"}").body().get("id").asString();
        assertThat(admin.events(second, Optional.empty()).getLast().data().get("state").asString())
                .isEqualTo("completed");

        assertThat(api.get("/v1/runs/" + second).status()).isEqualTo(404);
        assertThat(admin.get("/v1/runs").body().get("runs")).extracting(run -> run.get("id").asString())
                .containsExactly(second);
        assertThat(api.get("/v1/runs").body().get("runs")).isEmpty();
        assertThat(api.get("/v1/sessions").body().get("sessions")).hasSize(1);
        assertThat(installed.errors() + installed.output()).doesNotContain("secret-token");
    }

    @Test
    void withoutATokenTheServerRefusesToListenBeyondLoopback() throws Exception {
        configure("");
        InstalledLauncher.Outcome refused = installed.run("serve", "--host", "0.0.0.0", "--port", "0");

        assertThat(refused.exit()).isEqualTo(Launcher.CONFIGURATION);
        assertThat(refused.err()).contains("loopback").contains("token");
    }

    /** What is in {@code folder}, none when it is not there. */
    private static List<Path> entries(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.toList();
        }
    }

    /** Every file and folder the server and its runs keep: sessions, records, workspaces. */
    private List<Path> files() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String folder : List.of("sessions", "server", "workspaces")) {
            Path root = work.resolve(folder);
            if (Files.exists(root)) {
                try (Stream<Path> files = Files.walk(root)) {
                    files.filter(file -> !file.getFileName().toString().endsWith(".lock")).forEach(all::add);
                }
            }
        }
        return all;
    }

    private void configure(String server) throws IOException {
        Files.writeString(installed.userConfig(), server + "sessions:\n  folder: " + installed.sessions() + "\n");
    }

    /** Starts {@code agentloop serve} on a free loopback port; the client of its API. */
    private ServedApi serve(Optional<String> token) throws Exception {
        serving = installed.start("serve", "--port", "0");
        return ServedApi.of(installed, serving, token);
    }

    /** Stops the server as a service manager would (SIGTERM), and waits for it to end. */
    private void stop() throws Exception {
        if (serving != null && serving.isAlive()) {
            serving.destroy();
            Await.exit(serving, "agentloop serve stops on SIGTERM");
        }
        serving = null;
    }

    private static String text(List<ServedApi.Event> events) {
        StringBuilder text = new StringBuilder();
        events.stream().filter(e -> e.name().equals("text_delta")).forEach(e -> text.append(e.data().get("text")
                .asString()));
        return text.toString();
    }
}
