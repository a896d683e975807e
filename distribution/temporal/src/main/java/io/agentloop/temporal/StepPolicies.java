package io.agentloop.temporal;

import io.agentloop.api.run.RunOptions;
import io.temporal.activity.ActivityCancellationType;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import java.time.Duration;

/**
 * The activity options of a run's steps, mapped from the agent's run options. A step's own failure
 * (the model said no, the tool failed) is its outcome, never thrown, so Temporal retries only a step
 * that was lost: its worker stopped or went silent. The retries follow the run's policy (its count,
 * first delay and longest delay); a tool call that is not safe to repeat is tried once, and a lost
 * one is reported to the model as interrupted, as after a local crash. Cancelling the workflow
 * cancels the running step and waits until it stopped (the tool's process is gone).
 */
final class StepPolicies {
    /** Time a step gets beyond its own limit: its set-up and the report of its outcome. */
    private static final Duration MARGIN = Duration.ofSeconds(30);

    private StepPolicies() {
    }

    static RetryOptions retries(RunOptions options) {
        return RetryOptions.newBuilder()
                .setMaximumAttempts(options.maxRetries() + 1)
                .setInitialInterval(positive(options.retryInitialDelay()))
                .setMaximumInterval(positive(options.retryMaxDelay().compareTo(options.retryInitialDelay()) < 0
                        ? options.retryInitialDelay() : options.retryMaxDelay()))
                .setBackoffCoefficient(2.0)
                .build();
    }

    /** A model call or a compaction: within the iteration's limit (its own retries inside), retried when lost. */
    static ActivityOptions model(RunOptions options, DurableOptions durable) {
        return base(durable).setStartToCloseTimeout(options.iterationTimeout().plus(MARGIN))
                .setRetryOptions(retries(options)).build();
    }

    /** A tool call safe to repeat: retried when lost. */
    static ActivityOptions repeatableTool(RunOptions options, DurableOptions durable) {
        return base(durable).setStartToCloseTimeout(options.toolTimeout().plus(MARGIN))
                .setRetryOptions(retries(options)).build();
    }

    /** A tool call that may change things: one attempt. */
    static ActivityOptions onceTool(RunOptions options, DurableOptions durable) {
        return base(durable).setStartToCloseTimeout(options.toolTimeout().plus(MARGIN))
                .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build()).build();
    }

    private static ActivityOptions.Builder base(DurableOptions durable) {
        return ActivityOptions.newBuilder()
                .setHeartbeatTimeout(durable.heartbeat())
                .setCancellationType(ActivityCancellationType.WAIT_CANCELLATION_COMPLETED);
    }

    private static Duration positive(Duration duration) {
        return duration.isZero() || duration.isNegative() ? Duration.ofMillis(1) : duration;
    }
}
