package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.message.StopReason;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.Completion;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.core.RunHandle;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.testkit.ScriptedChatModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every loop limit set in a file, the environment or a flag reaches the run's options. */
class RunLimitsTest {

    record Limit(String key, String value, String variable, Function<CommonOptions, Object> flag,
                 Function<RunOptions, Object> read, Object expected) {
    }

    static Stream<Arguments> limits() {
        return Stream.of(
                new Limit("run.max-iterations", "7", "AGENTLOOP_MAX_ITERATIONS", o -> o.maxIterations = 7,
                        RunOptions::maxIterations, 7),
                new Limit("run.iteration-timeout", "2m", "AGENTLOOP_ITERATION_TIMEOUT", o -> o.iterationTimeout = "2m",
                        RunOptions::iterationTimeout, Duration.ofMinutes(2)),
                new Limit("run.timeout", "90s", "AGENTLOOP_RUN_TIMEOUT", o -> o.runTimeout = "90s",
                        RunOptions::runTimeout, Optional.of(Duration.ofSeconds(90))),
                new Limit("run.tool-timeout", "45s", "AGENTLOOP_TOOL_TIMEOUT", o -> o.toolTimeout = "45s",
                        RunOptions::toolTimeout, Duration.ofSeconds(45)),
                new Limit("run.max-retries", "5", "AGENTLOOP_MAX_RETRIES", o -> o.maxRetries = 5,
                        RunOptions::maxRetries, 5),
                new Limit("run.retry-delay", "250ms", null, null, RunOptions::retryInitialDelay, Duration.ofMillis(250)),
                new Limit("run.retry-max-delay", "PT3S", null, null, RunOptions::retryMaxDelay, Duration.ofSeconds(3)),
                new Limit("run.stuck-threshold", "0", null, null, RunOptions::stuckThreshold, 0),
                new Limit("run.parallel-tools", "false", null, null, RunOptions::parallelToolCalls, false),
                new Limit("run.final-summary", "false", null, null, RunOptions::finalSummary, false),
                new Limit("run.completion", "finish-tool", null, null, RunOptions::completion, Completion.finishTool()),
                new Limit("run.completion-marker", "ALL DONE", null, null, o -> o.completion().marker(), "ALL DONE"),
                new Limit("tools.cache", "false", null, null, RunOptions::cacheToolResults, false),
                new Limit("tools.grep.cache", "false", null, null, RunOptions::uncachedTools, Set.of("grep")))
                .map(limit -> Arguments.of(limit.key(), limit));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("limits")
    void aLimitFromTheFileTheEnvironmentOrAFlagReachesTheRun(String key, Limit limit) {
        LauncherConfig file = new LauncherConfig();
        file.apply(Map.of(key, limit.value()), "user.yaml");
        assertThat(limit.read().apply(RunLimits.from(file, RunOptions.DEFAULTS))).isEqualTo(limit.expected());

        if (limit.variable() != null) {
            assertThat(ConfigLoader.ENVIRONMENT).containsEntry(limit.variable(), key);
            CommonOptions flags = new CommonOptions();
            limit.flag().apply(flags);
            LauncherConfig fromFlag = new LauncherConfig();
            fromFlag.apply(flags.asConfig(), "command line");
            assertThat(limit.read().apply(RunLimits.from(fromFlag, RunOptions.DEFAULTS))).isEqualTo(limit.expected());
        }
    }

    @Test
    void theLaunchersDefaultsLeaveRealModelsAndLongCommandsTime() {
        RunOptions options = RunLimits.from(new LauncherConfig(), RunOptions.DEFAULTS);

        assertThat(options.iterationTimeout()).isEqualTo(Duration.ofMinutes(15)).isGreaterThan(Duration.ofSeconds(30));
        assertThat(options.toolTimeout()).isEqualTo(Duration.ofMinutes(11));
        assertThat(options.runTimeout()).isEmpty();
    }

    @Test
    void aModelCallSlowerThanThirtySecondsCompletesUnderTheLaunchersDefaults() throws Exception {
        assertThat(slowModelCall(RunLimits.from(new LauncherConfig(), RunOptions.DEFAULTS), Duration.ofSeconds(45)))
                .isEqualTo(TerminalReason.ANSWERED);
        assertThat(slowModelCall(RunOptions.DEFAULTS, Duration.ofSeconds(45)))
                .as("the library keeps the seeds' 30 s iteration timeout").isEqualTo(TerminalReason.TIMEOUT);
    }

    /** A run whose one model call answers after {@code slowness} of (fake) time. */
    private static TerminalReason slowModelCall(RunOptions options, Duration slowness) throws Exception {
        ManualTimekeeper time = new ManualTimekeeper();
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        ScriptedChatModel model = ScriptedChatModel.script().step(script -> new ModelStream() {
            private final List<StreamEvent> answer = List.of(new StreamEvent.TextDelta("The long edit."),
                    new StreamEvent.Finish(StopReason.END_TURN));
            private volatile boolean closed;
            private int next;

            @Override
            public StreamEvent next() {
                writing.countDown();
                try {
                    done.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (closed) {
                    throw new NonRetryableModelException("the call was stopped");
                }
                return answer.get(next++);
            }

            @Override
            public void close() {
                closed = true;
                done.countDown();
            }
        }).build();
        RunHandle handle = Agent.builder().model(model).options(options).timekeeper(time).build()
                .start(List.of(), "Rewrite the module");
        assertThat(writing.await(10, TimeUnit.SECONDS)).isTrue();
        time.advance(slowness);
        done.countDown();
        return handle.result().get(10, TimeUnit.SECONDS).reason().orElseThrow();
    }

    @Test
    void aBadValueNamesTheKeyAndWhatItTakes() {
        LauncherConfig config = new LauncherConfig();
        config.apply(Map.of("run.tool-timeout", "soon"), "user.yaml");
        assertThatThrownBy(() -> RunLimits.from(config, RunOptions.DEFAULTS))
                .isInstanceOf(ConfigLoader.ConfigurationException.class)
                .hasMessage("run.tool-timeout must be a duration such as 500ms, 30s, 2m or 1h, not 'soon'");

        LauncherConfig longer = new LauncherConfig();
        longer.apply(Map.of("run.tool-timeout", "10m", "run.iteration-timeout", "1m"), "user.yaml");
        assertThatThrownBy(() -> RunLimits.from(longer, RunOptions.DEFAULTS))
                .hasMessageContaining("run.tool-timeout (PT10M) is longer than run.iteration-timeout (PT1M)");
    }
}
