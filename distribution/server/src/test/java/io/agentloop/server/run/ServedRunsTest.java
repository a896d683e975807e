package io.agentloop.server.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.TestBackend;
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
                Optional.of("look"), Instant.parse("2026-03-01T10:00:00Z"), RunStatus.RUNNING, 7);
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
        assertThat(found.events().after(0, Duration.ZERO).entries().getFirst().id()).isEqualTo(last + 1);
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
