package io.agentloop.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.run.RunOptions;
import io.temporal.activity.ActivityCancellationType;
import io.temporal.activity.ActivityOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The activities' options come from the run's own: its retries, its limits, the heartbeat. */
class StepPoliciesTest {
    static final RunOptions OPTIONS = RunOptions.DEFAULTS.withMaxRetries(4)
            .withRetryDelays(Duration.ofMillis(500), Duration.ofSeconds(8))
            .withIterationTimeout(Duration.ofMinutes(2)).withToolTimeout(Duration.ofMinutes(5));
    static final DurableOptions DURABLE = new DurableOptions(Duration.ofSeconds(20));

    @Test
    void aModelCallAndARepeatableToolAreRetriedAsTheRunSays() {
        for (ActivityOptions options : new ActivityOptions[] {StepPolicies.model(OPTIONS, DURABLE),
                StepPolicies.repeatableTool(OPTIONS, DURABLE)}) {
            assertThat(options.getRetryOptions().getMaximumAttempts()).isEqualTo(5);
            assertThat(options.getRetryOptions().getInitialInterval()).isEqualTo(Duration.ofMillis(500));
            assertThat(options.getRetryOptions().getMaximumInterval()).isEqualTo(Duration.ofSeconds(8));
            assertThat(options.getHeartbeatTimeout()).isEqualTo(Duration.ofSeconds(20));
            assertThat(options.getCancellationType()).isEqualTo(ActivityCancellationType.WAIT_CANCELLATION_COMPLETED);
        }
        assertThat(StepPolicies.model(OPTIONS, DURABLE).getStartToCloseTimeout())
                .as("the iteration's limit, and time to report").isBetween(Duration.ofMinutes(2), Duration.ofMinutes(3));
        assertThat(StepPolicies.repeatableTool(OPTIONS, DURABLE).getStartToCloseTimeout())
                .isBetween(Duration.ofMinutes(5), Duration.ofMinutes(6));
    }

    @Test
    void aToolThatMayChangeThingsIsTriedOnce() {
        ActivityOptions once = StepPolicies.onceTool(OPTIONS, DURABLE);

        assertThat(once.getRetryOptions().getMaximumAttempts()).isEqualTo(1);
        assertThat(once.getHeartbeatTimeout()).isEqualTo(Duration.ofSeconds(20));
    }
}
