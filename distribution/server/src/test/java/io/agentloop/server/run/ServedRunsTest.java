package io.agentloop.server.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.session.SessionStore;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.server.backend.BackendRun;
import io.agentloop.server.backend.RunBackend;
import io.agentloop.server.backend.RunOrder;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.TestBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registry of served runs, and what a server opened again on the same data folder finds. */
class ServedRunsTest {
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @TempDir
    Path root;
    TestBackend backend;
    ServedRuns runs;

    @AfterEach
    void close() {
        if (runs != null) {
            runs.close();
        }
    }

    @Test
    void aRunOnRecordAsRunningIsInterruptedWhenTheServerOpensAgain() {
        ServedRun left = new ServedRun("run_left", "local", "default", "s1", "w", PermissionMode.ASK,
                Optional.of("look"), Instant.parse("2026-03-01T10:00:00Z"), RunStatus.RUNNING, new EventLog(7));
        new RunRecords(root.resolve("data")).save(left);

        ServedRun found = open().get("run_left").orElseThrow();

        assertThat(found.status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(found.error()).hasValueSatisfying(error -> assertThat(error).contains("/v1/sessions/s1/messages"));
        assertThat(found.events().ended()).isTrue();
        assertThat(found.events().last()).isEqualTo(7);
        assertThat(new RunRecords(root.resolve("data")).load()).singleElement()
                .satisfies(record -> assertThat(record.status()).isEqualTo(RunStatus.INTERRUPTED));
        assertThat(runs.cancel(found).status()).isEqualTo(RunStatus.CANCELLED);
    }

    @Test
    void aFinishedRunOnRecordOlderThanTheRetentionIsForgottenWhenTheServerOpensAgainAndAWaitingOneIsNot() {
        RunRecords records = new RunRecords(root.resolve("data"));
        Instant longAgo = Instant.now().minus(Duration.ofDays(3));
        ServedRun old = new ServedRun("run_old", "alice", "default", "s1", "w", PermissionMode.ASK, Optional.of("x"),
                longAgo, RunStatus.COMPLETED, records.newEvents("run_old"));
        old.events().append("run_state", "{}");
        records.save(old);
        records.save(new ServedRun("run_waits", "alice", "default", "s2", "w", PermissionMode.ASK, Optional.of("y"),
                longAgo, RunStatus.WAITING, new EventLog(0)));
        backend = new TestBackend(root.resolve("sessions"));

        runs = new ServedRuns(backend, root.resolve("workspaces"), root.resolve("data"), 4,
                Duration.ofDays(1), 100, Clock.systemUTC());

        assertThat(runs.list(Optional.empty())).extracting(ServedRun::id).containsExactly("run_waits");
        assertThat(root.resolve("data/runs/run_old.json")).doesNotExist();
        assertThat(root.resolve("data/runs/run_old.events.jsonl")).doesNotExist();
    }

    @Test
    void aWaitingRunStillListsItsCallsWhenTheServerOpensAgainAndAnApprovalRunsItOnce() throws Exception {
        ServedRun run = open().start(request("call:deploy"));
        await(run, RunStatus.WAITING);
        long last = run.events().last();
        runs.close();

        ServedRun found = open().get(run.id()).orElseThrow();

        assertThat(found.status()).isEqualTo(RunStatus.WAITING);
        assertThat(found.pending()).singleElement().satisfies(call -> assertThat(call.call().name())
                .isEqualTo("deploy"));
        assertThat(runs.approvals(found)).singleElement().satisfies(call -> assertThat(call.decision()).isEmpty());
        assertThat(found.events().ended()).isFalse();
        runs.decide(found, CallDecision.approve(found.pending().getFirst().call().id()));
        await(found, RunStatus.COMPLETED);

        assertThat(backend.deploy.calls()).hasSize(1);
        assertThat(found.answer()).contains("Done: deployed");
        assertThat(found.events().after(last, Duration.ZERO).entries().getFirst().id()).isEqualTo(last + 1);
        List<EventLog.Entry> all = found.events().after(0, Duration.ZERO).entries();
        assertThat(all).as("the events from before the restart are kept, and numbering goes on after them")
                .extracting(EventLog.Entry::id).containsExactlyElementsOf(java.util.stream.LongStream
                        .rangeClosed(1, all.size()).boxed().toList());
    }

    @Test
    void aWaitingRunHoldsNoEventsFileOpenAndTheEventsAfterItGoesOnAreKeptForAServerOpenedAgain() throws Exception {
        assertThat(Path.of("/proc/self/fd")).as("this test reads the open files from /proc: run it on Linux, "
                + "as the command sandbox needs too").isDirectory();
        ServedRun run = open().start(request("call:deploy"));
        await(run, RunStatus.WAITING);
        Path events = root.resolve("data/runs/" + run.id() + ".events.jsonl").toRealPath();
        long waited = run.events().last();

        assertThat(openFiles()).as("a waiting run's events file is closed").doesNotContain(events);

        runs.decide(run, CallDecision.approve(run.pending().getFirst().call().id()));
        await(run, RunStatus.COMPLETED);
        List<EventLog.Entry> all = run.events().after(0, Duration.ZERO).entries();
        runs.close();

        EventLog again = open().get(run.id()).orElseThrow().events();
        assertThat(all).as("events came after the wait").anySatisfy(entry -> assertThat(entry.id())
                .isGreaterThan(waited));
        assertThat(again.after(0, Duration.ZERO).entries()).isEqualTo(all);
    }

    /** The files this process holds open now. */
    private static List<Path> openFiles() throws java.io.IOException {
        List<Path> open = new java.util.ArrayList<>();
        try (var descriptors = Files.list(Path.of("/proc/self/fd"))) {
            for (Path descriptor : descriptors.toList()) {
                try {
                    open.add(Files.readSymbolicLink(descriptor));
                } catch (java.io.IOException closedMeanwhile) {
                    // the listing's own descriptor, or one closed since it was listed
                }
            }
        }
        return open;
    }

    @Test
    void aRunGoingOnWhenTheServerClosesIsFoundInterruptedNotCancelled() throws Exception {
        ServedRun run = open().start(request("call:wait"));
        assertThat(backend.wait.awaitStarted(DEADLINE)).isTrue();
        CompletableFuture<RunResult> result = run.current().orElseThrow().result();

        runs.close();
        result.get(DEADLINE.toMinutes(), TimeUnit.MINUTES);
        synchronized (run) {
            // the run's end, if recorded, is recorded under this lock
        }

        assertThat(open().get(run.id()).orElseThrow().status()).isEqualTo(RunStatus.INTERRUPTED);
    }

    @Test
    void aRunThatWaitsGoingOnIsWaitingWhileItsCallWaitsAndTheDecisionReachesTheRunItself() throws Exception {
        GoingOnBackend going = new GoingOnBackend(root.resolve("sessions"));
        runs = new ServedRuns(going, root.resolve("workspaces"), root.resolve("data"), 4, Clock.systemUTC());
        ServedRun run = runs.start(request("call:deploy"));
        await(run, RunStatus.WAITING);

        assertThat(run.pending()).singleElement().satisfies(call -> assertThat(call.call().name()).isEqualTo("deploy"));
        assertThat(runs.approvals(run)).singleElement().satisfies(call -> {
            assertThat(call.stage()).isEqualTo(CallProgress.Stage.PENDING);
            assertThat(call.decision()).isEmpty();
        });
        assertThat(runs.busy(run.session())).as("the run holds its session while it waits").isTrue();
        runs.decide(run, CallDecision.approve("call_1"));

        assertThat(going.reached).containsExactly(CallDecision.approve("call_1"));
        assertThat(run.status()).isEqualTo(RunStatus.RUNNING);
        assertThat(going.started).as("the run was not started again").hasSize(1);
        going.started.getFirst().complete(GoingOnBackend.ended(TerminalReason.ANSWERED));
        await(run, RunStatus.COMPLETED);
        assertThat(run.answer()).contains("Done: deployed");
        assertThat(states(run)).containsExactly("waiting", "running", "completed");
    }

    @Test
    void cancellingARunThatWaitsGoingOnStopsItWhereItWaits() throws Exception {
        GoingOnBackend going = new GoingOnBackend(root.resolve("sessions"));
        runs = new ServedRuns(going, root.resolve("workspaces"), root.resolve("data"), 4, Clock.systemUTC());
        ServedRun run = runs.start(request("call:deploy"));
        await(run, RunStatus.WAITING);

        runs.cancel(run);

        assertThat(going.started.getFirst()).isCompleted();
        await(run, RunStatus.CANCELLED);
        assertThat(run.pending()).isEmpty();
        assertThat(going.reached).isEmpty();
    }

    @Test
    void aRunThatGoesOnElsewhereIsFollowedAgainByAServerOpenedAgainToItsEnd() throws Exception {
        ServedRun left = new ServedRun("run_left", "local", "default", "s1", "w", PermissionMode.ASK,
                Optional.of("look"), Instant.parse("2026-03-01T10:00:00Z"), RunStatus.RUNNING, new EventLog(7));
        new RunRecords(root.resolve("data")).save(left);
        GoingOnBackend going = new GoingOnBackend(root.resolve("sessions"));
        runs = new ServedRuns(going, root.resolve("workspaces"), root.resolve("data"), 4, Clock.systemUTC());

        ServedRun found = runs.get("run_left").orElseThrow();

        assertThat(going.reattached).containsExactly("s1");
        assertThat(found.status()).as("followed again, not interrupted").isEqualTo(RunStatus.RUNNING);
        assertThat(found.events().ended()).isFalse();
        going.started.getFirst().complete(GoingOnBackend.ended(TerminalReason.ANSWERED));
        await(found, RunStatus.COMPLETED);
        assertThat(found.answer()).contains("Done: deployed");
        assertThat(new RunRecords(root.resolve("data")).load()).singleElement()
                .satisfies(record -> assertThat(record.status()).isEqualTo(RunStatus.COMPLETED));
    }

    @Test
    void stoppingTheServerLeavesARunThatLivesElsewhereGoingOn() throws Exception {
        GoingOnBackend going = new GoingOnBackend(root.resolve("sessions"));
        runs = new ServedRuns(going, root.resolve("workspaces"), root.resolve("data"), 4, Clock.systemUTC());
        ServedRun run = runs.start(request("call:deploy"));
        await(run, RunStatus.WAITING);

        runs.close();
        runs = null;

        assertThat(going.started.getFirst()).as("not cancelled: it goes on in its engine").isNotDone();
    }

    /** The states of a run's {@code run_state} events, in order. */
    private static List<String> states(ServedRun run) throws InterruptedException {
        return run.events().after(0, Duration.ZERO).entries().stream().filter(e -> e.type().equals("run_state"))
                .map(e -> e.data().replaceAll(".*\"state\":\"([a-z]+)\".*", "$1")).toList();
    }

    /**
     * Runs that wait going on, as a durable engine's: each announces call {@code call_1} waiting, and
     * ends when the test says so or when cancelled; decisions reach the run, never {@link #decide}.
     */
    static final class GoingOnBackend implements RunBackend {
        final FileSessionStore store;
        final List<CompletableFuture<RunResult>> started = new CopyOnWriteArrayList<>();
        final List<CallDecision> reached = new CopyOnWriteArrayList<>();
        final List<String> reattached = new CopyOnWriteArrayList<>();

        GoingOnBackend(Path sessions) {
            store = new FileSessionStore(sessions);
        }

        static RunResult ended(TerminalReason reason) {
            return new RunResult("r", AgentState.COMPLETED, Optional.of(reason),
                    Optional.of(AssistantMessage.of("Done: deployed")), List.of(), 1, List.of(), Usage.ZERO,
                    Duration.ZERO, Optional.empty());
        }

        @Override
        public List<String> agents() {
            return List.of("default");
        }

        @Override
        public PermissionMode mode() {
            return PermissionMode.ASK;
        }

        @Override
        public BackendRun start(RunOrder order, AgentListener events) {
            CompletableFuture<RunResult> result = new CompletableFuture<>();
            started.add(result);
            Thread.ofVirtual().start(() -> events.onEvent(new AgentEvent.ToolCallPending("call_1", "deploy", "{}",
                    List.of("deploy changes things"))));
            return BackendRun.of(store.create("t").id(), result, () -> result.complete(ended(TerminalReason.CANCELLED)),
                    reached::add);
        }

        /** A run a server before this one left going on: followed again, ending when the test says so. */
        @Override
        public Optional<BackendRun> reattach(String session, String agent, Path workspace, AgentListener events) {
            reattached.add(session);
            CompletableFuture<RunResult> result = new CompletableFuture<>();
            started.add(result);
            return Optional.of(BackendRun.of(session, result, () -> result.complete(ended(TerminalReason.CANCELLED)),
                    reached::add));
        }

        @Override
        public List<CallProgress> pending(String session) {
            throw new AssertionError("the calls of a run waiting going on are the run's, not the session's");
        }

        @Override
        public void decide(String session, CallDecision decision, Path workspace) {
            throw new AssertionError("a decision on a run waiting going on goes to the run");
        }

        @Override
        public SessionStore sessions() {
            return store;
        }
    }

    private ServedRuns open() {
        backend = new TestBackend(root.resolve("sessions"));
        runs = new ServedRuns(backend, root.resolve("workspaces"), root.resolve("data"), 4, Clock.systemUTC());
        return runs;
    }

    private static RunRequest request(String task) {
        return new RunRequest("local", task, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    private static void await(ServedRun run, RunStatus state) throws InterruptedException {
        Instant deadline = Instant.now().plus(DEADLINE);
        long last = 0;
        while (run.status() != state) {
            EventLog.Batch batch = run.events().after(last, Duration.ofSeconds(5));
            if (!batch.entries().isEmpty()) {
                last = batch.entries().getLast().id();
            } else if (batch.ended() && run.status() != state) {
                throw new AssertionError("run " + run.id() + " ended " + run.status() + ", not " + state);
            }
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("run " + run.id() + " is " + run.status() + ", not " + state);
            }
        }
        synchronized (run) {
            // the state is recorded on disk under the run's lock, after it is set
        }
    }
}
