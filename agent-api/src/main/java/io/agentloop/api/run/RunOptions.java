package io.agentloop.api.run;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The limits and switches of the agent loop. {@link #DEFAULTS} holds the documented defaults;
 * change one with its {@code with...} method.
 *
 * @param maxIterations     model calls before the run ends {@code MAX_ITERATIONS} (default 10)
 * @param finalSummary      at the iteration limit, make one last model call without tools that
 *                          asks for a summary (default true)
 * @param iterationTimeout  time for one iteration: the model call and its tools (default 30 s)
 * @param runTimeout        time for the whole run (default none)
 * @param toolTimeout       time for one tool call; past it the call gets a timeout error result
 *                          (default 20 s)
 * @param parallelToolCalls run concurrency-safe tool calls of one turn in parallel (default true)
 * @param continueOnError   a failing tool call becomes an error result and the loop goes on
 *                          (default true); when false, the run fails at the first failing call
 * @param maxRetries        retries of a model call after a retryable error (default 3)
 * @param retryInitialDelay the first backoff delay (default 1 s), doubling each retry
 * @param retryMaxDelay     the longest backoff delay (default 10 s); a server's own retry-after
 *                          is honoured up to 60 s
 * @param stuckThreshold    the same tool with the same arguments in this many consecutive turns
 *                          is reported to the model; once more ends the run {@code STUCK} (default
 *                          2; 0 turns detection off; identical calls within one turn do not count)
 * @param compaction        when and how to compact the conversation
 */
public record RunOptions(int maxIterations, boolean finalSummary, Duration iterationTimeout,
                         Optional<Duration> runTimeout, Duration toolTimeout, boolean parallelToolCalls,
                         boolean continueOnError, int maxRetries, Duration retryInitialDelay,
                         Duration retryMaxDelay, int stuckThreshold, CompactionOptions compaction) {

    public static final RunOptions DEFAULTS = new RunOptions(10, true, Duration.ofSeconds(30), Optional.empty(),
            Duration.ofSeconds(20), true, true, 3, Duration.ofSeconds(1), Duration.ofSeconds(10), 2,
            CompactionOptions.DEFAULTS);

    public RunOptions {
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, was " + maxIterations);
        }
        positive(iterationTimeout, "iterationTimeout");
        Objects.requireNonNull(runTimeout, "runTimeout").ifPresent(d -> positive(d, "runTimeout"));
        positive(toolTimeout, "toolTimeout");
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries cannot be negative, was " + maxRetries);
        }
        positive(retryInitialDelay, "retryInitialDelay");
        positive(retryMaxDelay, "retryMaxDelay");
        if (stuckThreshold < 0) {
            throw new IllegalArgumentException("stuckThreshold cannot be negative, was " + stuckThreshold);
        }
        Objects.requireNonNull(compaction, "compaction");
    }

    private static void positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + d);
        }
    }

    public RunOptions withMaxIterations(int value) {
        return new RunOptions(value, finalSummary, iterationTimeout, runTimeout, toolTimeout, parallelToolCalls,
                continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold, compaction);
    }

    public RunOptions withFinalSummary(boolean value) {
        return new RunOptions(maxIterations, value, iterationTimeout, runTimeout, toolTimeout, parallelToolCalls,
                continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold, compaction);
    }

    public RunOptions withIterationTimeout(Duration value) {
        return new RunOptions(maxIterations, finalSummary, value, runTimeout, toolTimeout, parallelToolCalls,
                continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold, compaction);
    }

    public RunOptions withRunTimeout(Duration value) {
        return new RunOptions(maxIterations, finalSummary, iterationTimeout, Optional.of(value), toolTimeout,
                parallelToolCalls, continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold,
                compaction);
    }

    public RunOptions withToolTimeout(Duration value) {
        return new RunOptions(maxIterations, finalSummary, iterationTimeout, runTimeout, value, parallelToolCalls,
                continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold, compaction);
    }

    public RunOptions withParallelToolCalls(boolean value) {
        return new RunOptions(maxIterations, finalSummary, iterationTimeout, runTimeout, toolTimeout, value,
                continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold, compaction);
    }

    public RunOptions withContinueOnError(boolean value) {
        return new RunOptions(maxIterations, finalSummary, iterationTimeout, runTimeout, toolTimeout,
                parallelToolCalls, value, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold, compaction);
    }

    public RunOptions withMaxRetries(int value) {
        return new RunOptions(maxIterations, finalSummary, iterationTimeout, runTimeout, toolTimeout,
                parallelToolCalls, continueOnError, value, retryInitialDelay, retryMaxDelay, stuckThreshold,
                compaction);
    }

    public RunOptions withRetryDelays(Duration initial, Duration max) {
        return new RunOptions(maxIterations, finalSummary, iterationTimeout, runTimeout, toolTimeout,
                parallelToolCalls, continueOnError, maxRetries, initial, max, stuckThreshold, compaction);
    }

    public RunOptions withStuckThreshold(int value) {
        return new RunOptions(maxIterations, finalSummary, iterationTimeout, runTimeout, toolTimeout,
                parallelToolCalls, continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, value, compaction);
    }

    public RunOptions withCompaction(CompactionOptions value) {
        return new RunOptions(maxIterations, finalSummary, iterationTimeout, runTimeout, toolTimeout,
                parallelToolCalls, continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold,
                value);
    }
}
