package io.agentloop.server.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.core.permission.PermissionMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunRetentionTest {
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

    @Test
    void aFinishedRunOlderThanTheAgeIsForgottenAndARunGoingOnOrWaitingNeverIs() {
        ServedRun old = run("run_old", RunStatus.COMPLETED, NOW.minus(Duration.ofDays(2)));
        ServedRun oldRunning = run("run_old_running", RunStatus.RUNNING, NOW.minus(Duration.ofDays(9)));
        ServedRun oldWaiting = run("run_old_waiting", RunStatus.WAITING, NOW.minus(Duration.ofDays(9)));
        ServedRun recent = run("run_recent", RunStatus.FAILED, NOW.minus(Duration.ofHours(2)));

        List<ServedRun> forgotten = new RunRetention(Duration.ofDays(1), 10).forgotten(
                List.of(old, oldRunning, oldWaiting, recent), NOW);

        assertThat(forgotten).containsExactly(old);
    }

    @Test
    void beyondTheCountTheFinishedRunsThatEndedFirstAreForgotten() {
        ServedRun first = run("run_1", RunStatus.COMPLETED, NOW.minusSeconds(30));
        ServedRun second = run("run_2", RunStatus.CANCELLED, NOW.minusSeconds(20));
        ServedRun going = run("run_3", RunStatus.RUNNING, NOW.minusSeconds(40));
        ServedRun third = run("run_4", RunStatus.INTERRUPTED, NOW.minusSeconds(10));

        List<ServedRun> forgotten = new RunRetention(Duration.ofDays(1), 2).forgotten(
                List.of(third, going, first, second), NOW);

        assertThat(forgotten).containsExactly(first);
    }

    private static ServedRun run(String id, RunStatus status, Instant updated) {
        ServedRun run = new ServedRun(id, "alice", "default", "s", "w", PermissionMode.ASK, Optional.empty(),
                updated.minusSeconds(1), status, new EventLog(0));
        run.restored(Optional.empty(), Optional.empty(), Optional.empty(), updated);
        return run;
    }
}
