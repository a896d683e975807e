package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.testkit.TargetTempDir;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.WorkerFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Temporal's Java test server in a process of its own and two worker processes against it: the
 * worker running a tool call is killed with SIGKILL, and the other one finishes the run. The run's
 * workflow is hosted by a worker in the test's own process: the test server keeps a workflow task
 * on the queue of the worker that last ran it (its sticky queue) and never moves it, so a killed
 * process hosting the workflow would stop the run there, where a real Temporal server moves it to
 * another worker once its sticky schedule-to-start timeout passes.
 */
class TwoWorkerProcessesTest {
    @TempDir(factory = TargetTempDir.class)
    Path folder;

    final List<Process> processes = new ArrayList<>();
    WorkflowServiceStubs service;
    WorkerFactory decisions;

    @AfterEach
    void stop() {
        if (decisions != null) {
            decisions.shutdownNow();
        }
        if (service != null) {
            service.shutdownNow();
        }
        processes.forEach(Process::destroyForcibly);
    }

    private Process java(String name, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path")));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectError(folder.resolve(name + ".err").toFile()).start();
        processes.add(process);
        return process;
    }

    /** Temporal's Java test server in a process of its own; its port. */
    private int testServer() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        java("server", "io.temporal.testserver.TestServer", Integer.toString(port));
        Await.until("the test server to listen on port " + port, () -> listening(port));
        return port;
    }

    @Test
    void aRunFollowedBeforeAnyWorkerTookItIsFollowedToItsEndOnceOneDoes() throws Exception {
        int port = testServer();
        service = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
        WorkflowClient client = WorkflowClient.newInstance(service);
        DurableRuns.DurableRun run = new DurableRuns(client, DurableRunTest.QUEUE).start("followed-early", "default",
                List.of(), Rounds.task(2, "count"), Optional.empty());
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CompletableFuture<RunResult> followed = new java.util.concurrent.CompletableFuture<>();
        Thread following = Thread.ofVirtual().start(() -> {
            try {
                followed.complete(run.follow(seen::add, io.agentloop.core.run.RunJournal.NONE,
                        java.time.Duration.ofMillis(20)));
            } catch (Throwable e) {
                followed.completeExceptionally(e);
            }
        });
        Await.until("the follower to have asked at least once", () -> following.getState() == Thread.State.TIMED_WAITING
                || followed.isDone());
        decisions = WorkerFactory.newInstance(client);
        AgentWorker.register(decisions, DurableRunTest.QUEUE,
                DurableRunTest.only(DurableRunTest.agent(CountingTool.reading("count"))), DurableRunTest.OPTIONS);
        decisions.start();

        RunResult result = followed.get(5, TimeUnit.MINUTES);

        assertThat(result.text()).isEqualTo("done after 2 rounds: counted 2");
        assertThat(seen).first().asString().contains("\"type\":\"run_started\"");
        assertThat(seen).last().asString().contains("\"type\":\"run_completed\"");
    }

    @Test
    void aWorkerKilledDuringAToolCallIsReplacedByTheOther() throws Exception {
        int port = testServer();
        Path marks = Files.createDirectories(folder.resolve("marks"));
        Process one = java("worker-1", WorkerProcess.class.getName(), Integer.toString(port), marks.toString());
        Process two = java("worker-2", WorkerProcess.class.getName(), Integer.toString(port), marks.toString());
        awaitReady(one);
        awaitReady(two);
        service = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
        WorkflowClient client = WorkflowClient.newInstance(service);
        decisions = WorkerFactory.newInstance(client);
        AgentWorker.workflows(decisions.newWorker(DurableRunTest.QUEUE), WorkerProcess.agents(marks), DurableRunTest.OPTIONS);
        decisions.start();
        DurableRuns runs = new DurableRuns(client, DurableRunTest.QUEUE);

        DurableRuns.DurableRun run = runs.start("two-workers", "default", List.of(), Rounds.task(3, "mark"), Optional.empty());
        Await.until("a worker to hold call 2", () -> held().isPresent());
        long killed = held().orElseThrow();
        Process victim = killed == one.pid() ? one : two;
        Process survivor = victim == one ? two : one;
        assertThat(victim.pid()).isEqualTo(killed);
        victim.destroyForcibly(); // SIGKILL: no goodbye to the server
        assertThat(victim.waitFor(5, TimeUnit.MINUTES)).isTrue();
        RunResult result;
        try {
            result = run.result().get(5, TimeUnit.MINUTES);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the run did not end within 5 minutes; " + detail(), e);
        }

        assertThat(result.state()).isEqualTo(AgentState.COMPLETED);
        assertThat(result.text()).isEqualTo("done after 3 rounds: counted 3");
        assertThat(WorkerProcess.executions(marks, 1)).isEqualTo(1);
        assertThat(WorkerProcess.executions(marks, 3)).isEqualTo(1);
        assertThat(marksOf(marks, 2)).as("call 2: once in the killed worker, once more in the other")
                .containsExactlyInAnyOrder(killed, survivor.pid());
        assertThat(survivor.isAlive()).isTrue();
    }

    /** What the marks and the processes' error streams say, for a failure's message. */
    private String detail() throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.list(folder.resolve("marks"))) {
            text.append("marks: ").append(files.map(file -> file.getFileName().toString()).sorted().toList());
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path err : files.filter(file -> file.toString().endsWith(".err")).sorted().toList()) {
                List<String> lines = Files.readAllLines(err).stream().filter(line -> !line.startsWith("\tat ")).toList();
                text.append("\n--- ").append(err.getFileName()).append(" (last lines):\n")
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
            }
        }
        return text.toString();
    }

    private Optional<Long> held() throws IOException {
        try (Stream<Path> files = Files.list(folder.resolve("marks"))) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith("held-"))
                    .map(name -> Long.parseLong(name.substring("held-".length()))).findFirst();
        }
    }

    private static List<Long> marksOf(Path marks, int n) throws IOException {
        try (Stream<Path> files = Files.list(marks)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith("n" + n + "-"))
                    .map(name -> Long.parseLong(name.split("-")[1])).toList();
        }
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void awaitReady(Process worker) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(worker.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.equals("worker ready")) {
                return;
            }
        }
        throw new AssertionError("the worker ended before it was ready: " + Files.readString(folder.resolve(
                "worker-" + (processes.indexOf(worker)) + ".err")));
    }
}
