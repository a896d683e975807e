package io.agentloop.api.run;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The limits and switches of the agent loop. {@link #DEFAULTS} holds the documented defaults;
 * change several with {@link #builder()} (or {@link #toBuilder()}), one with its {@code with...}
 * method.
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
 *                          is honoured up to 60 s, a longer one is set aside for the backoff
 * @param stuckThreshold    the same tool with the same arguments in this many consecutive turns
 *                          is reported to the model; once more ends the run {@code STUCK} (default
 *                          2; 0 turns detection off; identical calls within one turn do not count)
 * @param compaction        when and how to compact the conversation
 * @param outputRetries     when a run must answer with a structured value: how many answers that do
 *                          not match its schema go back to the model with the violations before the
 *                          run fails (default 2)
 * @param cacheToolResults  a repeated call of a tool that caches its results (see
 *                          {@code Tool.cachesResults()}), with the same arguments and nothing run in
 *                          between that could change its answer, gets its earlier result marked as
 *                          cached instead of running again (default true)
 * @param uncachedTools     tools whose calls always run, whatever they say about caching (default none)
 * @param completion        how the run knows its task is done (default {@link Completion#answer()}: an
 *                          answer without tool calls)
 */
public record RunOptions(int maxIterations, boolean finalSummary, Duration iterationTimeout,
                         Optional<Duration> runTimeout, Duration toolTimeout, boolean parallelToolCalls,
                         boolean continueOnError, int maxRetries, Duration retryInitialDelay,
                         Duration retryMaxDelay, int stuckThreshold, CompactionOptions compaction, int outputRetries,
                         boolean cacheToolResults, Set<String> uncachedTools, Completion completion) {

    public static final RunOptions DEFAULTS = new RunOptions(10, true, Duration.ofSeconds(30), Optional.empty(),
            Duration.ofSeconds(20), true, true, 3, Duration.ofSeconds(1), Duration.ofSeconds(10), 2,
            CompactionOptions.DEFAULTS, 2, true, Set.of(), Completion.answer());

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
        if (outputRetries < 0) {
            throw new IllegalArgumentException("outputRetries cannot be negative, was " + outputRetries);
        }
        uncachedTools = Set.copyOf(uncachedTools);
        Objects.requireNonNull(completion, "completion");
    }

    private static void positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + d);
        }
    }

    /** A builder starting from the {@link #DEFAULTS}. */
    public static Builder builder() {
        return DEFAULTS.toBuilder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public RunOptions withMaxIterations(int value) {
        return toBuilder().maxIterations(value).build();
    }

    public RunOptions withFinalSummary(boolean value) {
        return toBuilder().finalSummary(value).build();
    }

    public RunOptions withIterationTimeout(Duration value) {
        return toBuilder().iterationTimeout(value).build();
    }

    public RunOptions withRunTimeout(Duration value) {
        return toBuilder().runTimeout(value).build();
    }

    public RunOptions withToolTimeout(Duration value) {
        return toBuilder().toolTimeout(value).build();
    }

    public RunOptions withParallelToolCalls(boolean value) {
        return toBuilder().parallelToolCalls(value).build();
    }

    public RunOptions withContinueOnError(boolean value) {
        return toBuilder().continueOnError(value).build();
    }

    public RunOptions withMaxRetries(int value) {
        return toBuilder().maxRetries(value).build();
    }

    public RunOptions withRetryDelays(Duration initial, Duration max) {
        return toBuilder().retryDelays(initial, max).build();
    }

    public RunOptions withStuckThreshold(int value) {
        return toBuilder().stuckThreshold(value).build();
    }

    public RunOptions withCompaction(CompactionOptions value) {
        return toBuilder().compaction(value).build();
    }

    public RunOptions withCompletion(Completion value) {
        return toBuilder().completion(value).build();
    }

    /**
     * Options changed a few at a time; {@link #build()} checks them all at once.
     *
     * <pre>{@code
     * RunOptions options = RunOptions.builder().maxIterations(20).toolTimeout(Duration.ofMinutes(2)).build();
     * }</pre>
     */
    public static final class Builder {
        private int maxIterations;
        private boolean finalSummary;
        private Duration iterationTimeout;
        private Optional<Duration> runTimeout;
        private Duration toolTimeout;
        private boolean parallelToolCalls;
        private boolean continueOnError;
        private int maxRetries;
        private Duration retryInitialDelay;
        private Duration retryMaxDelay;
        private int stuckThreshold;
        private CompactionOptions compaction;
        private int outputRetries;
        private boolean cacheToolResults;
        private Set<String> uncachedTools;
        private Completion completion;

        private Builder(RunOptions from) {
            maxIterations = from.maxIterations;
            finalSummary = from.finalSummary;
            iterationTimeout = from.iterationTimeout;
            runTimeout = from.runTimeout;
            toolTimeout = from.toolTimeout;
            parallelToolCalls = from.parallelToolCalls;
            continueOnError = from.continueOnError;
            maxRetries = from.maxRetries;
            retryInitialDelay = from.retryInitialDelay;
            retryMaxDelay = from.retryMaxDelay;
            stuckThreshold = from.stuckThreshold;
            compaction = from.compaction;
            outputRetries = from.outputRetries;
            cacheToolResults = from.cacheToolResults;
            uncachedTools = from.uncachedTools;
            completion = from.completion;
        }

        public Builder maxIterations(int value) {
            maxIterations = value;
            return this;
        }

        public Builder finalSummary(boolean value) {
            finalSummary = value;
            return this;
        }

        public Builder iterationTimeout(Duration value) {
            iterationTimeout = value;
            return this;
        }

        public Builder runTimeout(Duration value) {
            runTimeout = Optional.of(value);
            return this;
        }

        /** No limit on the whole run (the default). */
        public Builder noRunTimeout() {
            runTimeout = Optional.empty();
            return this;
        }

        public Builder toolTimeout(Duration value) {
            toolTimeout = value;
            return this;
        }

        public Builder parallelToolCalls(boolean value) {
            parallelToolCalls = value;
            return this;
        }

        public Builder continueOnError(boolean value) {
            continueOnError = value;
            return this;
        }

        public Builder maxRetries(int value) {
            maxRetries = value;
            return this;
        }

        public Builder retryDelays(Duration initial, Duration max) {
            retryInitialDelay = initial;
            retryMaxDelay = max;
            return this;
        }

        public Builder stuckThreshold(int value) {
            stuckThreshold = value;
            return this;
        }

        public Builder compaction(CompactionOptions value) {
            compaction = value;
            return this;
        }

        public Builder outputRetries(int value) {
            outputRetries = value;
            return this;
        }

        public Builder cacheToolResults(boolean value) {
            cacheToolResults = value;
            return this;
        }

        /** Tools whose calls always run, whatever they say about caching. */
        public Builder uncachedTools(Set<String> names) {
            uncachedTools = names;
            return this;
        }

        /** How the run knows its task is done: {@link Completion#marker(String)}, {@link Completion#finishTool()}. */
        public Builder completion(Completion value) {
            completion = value;
            return this;
        }

        /** @throws IllegalArgumentException naming the first value out of range */
        public RunOptions build() {
            return new RunOptions(maxIterations, finalSummary, iterationTimeout, runTimeout, toolTimeout,
                    parallelToolCalls, continueOnError, maxRetries, retryInitialDelay, retryMaxDelay, stuckThreshold,
                    compaction, outputRetries, cacheToolResults, uncachedTools, completion);
        }
    }
}
