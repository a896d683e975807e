package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.tool.Tool;
import io.agentloop.testkit.PluginJarBuilder;
import io.agentloop.testkit.VisibleTempDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Durable runs from the built installation: Temporal's Java test server in a process of its own,
 * {@code agentloop worker} serving its task queue, and {@code agentloop run --engine temporal} and
 * {@code agentloop serve --engine temporal} starting runs there and following them, against a fake
 * model on loopback.
 */
class TemporalIT {
    @TempDir(factory = VisibleTempDir.class)
    Path work;

    private final MockWebServer model = new MockWebServer();
    private TaskModel tasks;
    private InstalledLauncher installed;
    private Path counter;
    private TemporalServices temporal;

    @BeforeEach
    void setUp() throws IOException {
        counter = work.resolve("counter.txt");
        tasks = new TaskModel(counter.toString());
        model.setDispatcher(tasks);
        model.start(0);
        installed = InstalledLauncher.copyInto(work, work.resolve("home"), model);
        PluginJarBuilder.plugin("temporal-tools").version("1.0.0").provides(Tool.class, CountingTool.class,
                CountingWriteTool.class).writeTo(installed.plugins());
        Path home = installed.home();
        installed.extraEnv().put("XDG_DATA_HOME", home.resolve(".local/share").toString());
        installed.extraEnv().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        installed.runningIn(Files.createDirectories(work.resolve("cwd")));
        temporal = new TemporalServices(work, installed).configure();
    }

    @AfterEach
    void tearDown() throws Exception {
        temporal.close();
        tasks.close();
        model.close();
    }

    @Test
    void aRunOnTemporalIsCarriedOutByTheWorkerShownHereAndKeptInTheSession() throws Exception {
        temporal.testServer();
        temporal.worker();

        InstalledLauncher.Outcome answered = installed.run("run", "--engine", "temporal", "answer:hello from a worker");

        assertThat(answered.exit()).as(answered.out() + answered.err() + read("worker.err")).isEqualTo(Launcher.ANSWERED);
        assertThat(answered.out()).contains("durable run run-").contains("hello from a worker");
        assertThat(sessionText()).as("the session holds the run's record").contains("hello from a worker")
                .contains("\"agent\":\"default\"");

        InstalledLauncher.Outcome waiting = installed.run("run", "--engine", "temporal", "call:write");

        assertThat(waiting.exit()).as(waiting.err()).isEqualTo(Launcher.AWAITING_APPROVAL);
        assertThat(waiting.err()).contains("the run waits in Temporal for a decision on counting_write")
                .contains("temporal workflow signal --address 127.0.0.1:" + temporal.port() + " --namespace default "
                        + "--workflow-id agentloop-run-");
        assertThat(counter).as("nothing ran without a decision").doesNotExist();
    }

    @Test
    void servedRunsOnTemporalStreamTheirEventsWaitForAnApprovalOverHttpAndStopOnACancel() throws Exception {
        temporal.testServer();
        temporal.worker();
        ServedApi api = temporal.serve();

        String answered = api.post("/v1/runs", "{\"task\": \"answer:hello from a worker\"}").body().get("id")
                .asString();
        List<ServedApi.Event> events = api.events(answered, Optional.empty());
        assertThat(events.getLast().name()).as(events.toString()).isEqualTo("run_state");
        assertThat(events.getLast().data().get("state").asString()).as(read("worker.err") + installed.errors())
                .isEqualTo("completed");
        assertThat(text(events)).isEqualTo("hello from a worker");
        assertThat(api.get("/v1/runs/" + answered).body().get("answer").asString()).isEqualTo("hello from a worker");

        String paused = api.post("/v1/runs", "{\"task\": \"call:write\"}").body().get("id").asString();
        List<ServedApi.Event> before = api.events(paused, Optional.empty(), event -> event.name().equals("run_state"));
        assertThat(before.getLast().data().get("state").asString()).isEqualTo("waiting");
        assertThat(api.get("/v1/runs/" + paused).body().get("state").asString()).isEqualTo("waiting");
        ServedApi.Reply approvals = api.get("/v1/runs/" + paused + "/approvals");
        assertThat(approvals.body().get("approvals")).hasSize(1);
        assertThat(approvals.body().get("approvals").get(0).get("tool").asString()).isEqualTo("counting_write");
        String call = approvals.body().get("approvals").get(0).get("id").asString();
        assertThat(counter).as("nothing ran without a decision").doesNotExist();
        ServedApi.Reply approved = api.post("/v1/runs/" + paused + "/approvals/" + call, "{\"decision\": \"approve\"}");
        assertThat(approved.status()).as(approved.body().toString()).isEqualTo(200);
        List<ServedApi.Event> after = api.events(paused, Optional.of(before.getLast().id()));
        assertThat(after).extracting(ServedApi.Event::name).contains("tool_call_completed");
        assertThat(after.getLast().data().get("state").asString()).as(after.toString()).isEqualTo("completed");
        assertThat(Files.readAllLines(counter)).containsExactly(call + " wrote out.txt");
        String folder = api.get("/v1/runs/" + paused).body().get("workspace").asString();
        assertThat(installed.sessions().resolveSibling("workspaces").resolve(folder).resolve("out.txt"))
                .as("the write went to the served run's own workspace").hasContent("hello");
        assertThat(work.resolve("cwd/out.txt")).as("not to the worker's").doesNotExist();

        String hanging = api.post("/v1/runs", "{\"task\": \"hang\"}").body().get("id").asString();
        api.events(hanging, Optional.empty(), event -> event.name().equals("state_changed")
                && event.data().get("to").asString().equals("EXECUTING"));
        assertThat(api.post("/v1/runs/" + hanging + "/cancel", "").status()).isEqualTo(202);
        List<ServedApi.Event> cancelled = api.events(hanging, Optional.empty());
        assertThat(cancelled.getLast().data().get("state").asString()).isEqualTo("cancelled");
        assertThat(api.get("/v1/runs/" + hanging).body().get("state").asString()).isEqualTo("cancelled");
    }

    @Test
    void aServerRestartedMidRunFollowsItsDurableRunToItsEnd() throws Exception {
        temporal.testServer();
        temporal.worker();
        Process first = temporal.serving();
        ServedApi before = ServedApi.of(installed, first, Optional.empty());
        String id = before.post("/v1/runs", "{\"task\": \"hold\"}").body().get("id").asString();
        assertThat(tasks.awaitHolding()).as("the run's model call is held").isTrue();
        first.destroy(); // SIGTERM: the server stops, the run goes on in Temporal
        Await.exit(first, "the first server stops on SIGTERM");

        ServedApi after = temporal.serve();
        assertThat(after.get("/v1/runs/" + id).body().get("state").asString()).as(installed.errors())
                .isEqualTo("running");
        tasks.release();
        List<ServedApi.Event> events = after.events(id, Optional.empty());

        assertThat(events.getLast().data().get("state").asString()).as(events + installed.errors())
                .isEqualTo("completed");
        assertThat(text(events)).isEqualTo("held, then done");
        assertThat(events.stream().filter(event -> event.data().path("type").asString().equals("run_started")))
                .as("the run's start, heard before the restart, is in its events once: " + events).hasSize(1);
        assertThat(events.stream().map(ServedApi.Event::id).distinct()).as("numbered without repeats")
                .hasSize(events.size());
        assertThat(after.get("/v1/runs/" + id).body().get("answer").asString()).isEqualTo("held, then done");
        String session;
        try (Stream<Path> files = Files.list(installed.sessions())) {
            Path file = files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
            session = Files.readString(file, StandardCharsets.UTF_8);
        }
        assertThat(session.split("\"text\":\"hold\"", -1)).as("the task on record once: " + session).hasSize(2);
        assertThat(session.split("\"text\":\"held, then done\"", -1)).as("the answer on record once: " + session)
                .hasSize(2);
    }

    @Test
    void aRunFromAWorkspaceTheWorkerMayNotWorkInHasItsToolCallDeniedSayingWhere() throws Exception {
        temporal.testServer();
        temporal.worker("--yes");
        Path elsewhere = Files.createDirectories(work.resolve("elsewhere"));
        installed.runningIn(elsewhere);

        InstalledLauncher.Outcome run = installed.run("run", "--engine", "temporal", "--yes", "call:write");

        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(Launcher.ANSWERED);
        assertThat(run.out()).contains("the run's workspace " + elsewhere.toRealPath())
                .contains("is outside what this worker works in");
        assertThat(counter).as("the write did not run").doesNotExist();
        assertThat(elsewhere.resolve("out.txt")).doesNotExist();
        assertThat(work.resolve("cwd/out.txt")).as("nor in the worker's own workspace").doesNotExist();
    }

    @Test
    void aServiceThatIsNotThereIsOneLineAndExitThreeForRunWorkerAndServe() throws Exception {
        int port = temporal.port();

        InstalledLauncher.Outcome run = installed.run("run", "--engine", "temporal", "answer:never");
        InstalledLauncher.Outcome worker = installed.run("worker");
        InstalledLauncher.Outcome serve = installed.run("serve", "--engine", "temporal", "--port", "0");

        assertThat(serve.out()).doesNotContain("listening");
        for (InstalledLauncher.Outcome outcome : List.of(run, worker, serve)) {
            assertThat(outcome.exit()).as(outcome.err()).isEqualTo(Launcher.CONFIGURATION);
            assertThat(outcome.err().strip().lines().toList()).singleElement().asString()
                    .startsWith("agentloop: cannot reach the Temporal service at 127.0.0.1:" + port)
                    .contains("temporal server start-dev");
        }
        assertThat(tasks.requests()).as("no model call was made").isZero();
    }

    private static String text(List<ServedApi.Event> events) {
        StringBuilder text = new StringBuilder();
        events.stream().filter(e -> e.name().equals("text_delta")).forEach(e -> text.append(e.data().get("text")
                .asString()));
        return text.toString();
    }

    private String sessionText() throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.walk(installed.sessions())) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                text.append(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return text.toString();
    }

    private String read(String name) throws IOException {
        return temporal.read(name);
    }
}
