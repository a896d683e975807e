package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.AgentException;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a run's end becomes the launcher's exit code, as docs/launcher.md documents it. */
class ExitCodeTest {

    private static RunResult completed(TerminalReason reason) {
        return new RunResult("run-1", AgentState.COMPLETED, Optional.of(reason), Optional.empty(), List.of(), 1,
                List.of(), Usage.ZERO, Duration.ZERO, Optional.empty());
    }

    @Test
    void answeredIsZeroCancelledIs130AndEveryOtherEndIsOne() {
        assertThat(RunCommand.exitCode(completed(TerminalReason.ANSWERED))).isEqualTo(0);
        assertThat(RunCommand.exitCode(completed(TerminalReason.CANCELLED))).isEqualTo(130);
        for (TerminalReason reason : List.of(TerminalReason.MAX_ITERATIONS, TerminalReason.TIMEOUT,
                TerminalReason.TOKEN_LIMIT, TerminalReason.STUCK, TerminalReason.SAVE_FAILED)) {
            assertThat(RunCommand.exitCode(completed(reason))).as(reason.name()).isEqualTo(1);
        }
        RunResult failed = new RunResult("run-2", AgentState.FAILED, Optional.empty(), Optional.empty(), List.of(), 1,
                List.of(), Usage.ZERO, Duration.ZERO, Optional.of(new AgentException("boom")));
        assertThat(RunCommand.exitCode(failed)).isEqualTo(1);
    }

    @Test
    void aRunThatPausedForApprovalIsFour() {
        assertThat(RunCommand.exitCode(completed(TerminalReason.AWAITING_APPROVAL))).isEqualTo(4)
                .isEqualTo(Launcher.AWAITING_APPROVAL);
    }
}
