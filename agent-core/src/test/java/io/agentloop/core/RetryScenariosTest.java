package io.agentloop.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.testkit.RecordingHook;
import io.agentloop.testkit.ScriptedChatModel;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryScenariosTest {
    private final Scenario scenario = new Scenario();

    private static RetryableModelException overloaded() {
        return new RetryableModelException("anthropic: HTTP 529: Overloaded");
    }

    @Test
    void aRetryClassifierDecidesWhatIsTriedAgain() {
        io.agentloop.api.model.NonRetryableModelException restarting =
                new io.agentloop.api.model.NonRetryableModelException("gateway: HTTP 400: backend restarting");
        io.agentloop.api.model.RetryClassifier gateway = new io.agentloop.api.model.RetryClassifier() {
            @Override
            public String name() {
                return "gateway";
            }

            @Override
            public boolean isRetryable(io.agentloop.api.model.ModelException failure) {
                return failure.getMessage().contains("backend restarting");
            }
        };

        ScriptedChatModel standard = ScriptedChatModel.script().fail(restarting).answer("ok").build();
        assertThat(scenario.agent(standard).build().run("hi").success()).as("the standard one does not retry a 400")
                .isFalse();

        ScriptedChatModel model = ScriptedChatModel.script().fail(restarting).answer("ok").build();
        RunResult result = scenario.agent(model).retryClassifier(gateway).build().run("hi");

        assertThat(result.success()).isTrue();
        assertThat(model.calls()).isEqualTo(2);
        assertThat(scenario.time.sleeps()).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void retryableErrorTwiceThenSuccessBacksOffOneThenTwoSeconds() {
        ScriptedChatModel model = ScriptedChatModel.script().fail(overloaded()).fail(overloaded()).answer("ok").build();

        RunResult result = scenario.agent(model).build().run("hi");

        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>RETRYING", "RETRYING>CALLING",
                "CALLING>RETRYING", "RETRYING>CALLING", "CALLING>STREAMING", "STREAMING>SUCCESS",
                "EXECUTING>OBSERVING", "OBSERVING>COMPLETED");
        assertThat(scenario.time.sleeps()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
        assertThat(scenario.events.ofType(AgentEvent.Retrying.class)).extracting(AgentEvent.Retrying::attempt)
                .containsExactly(1, 2);
        assertThat(result.success()).isTrue();
        assertThat(model.calls()).isEqualTo(3);
    }

    @Test
    void jitterKeepsEachDelayWithinTenPercent() {
        double[] draws = {0.0, 0.999_999};
        int[] next = {0};
        ScriptedChatModel model = ScriptedChatModel.script().fail(overloaded()).fail(overloaded()).answer("ok").build();

        scenario.agent(model).random(() -> draws[next[0]++ % 2]).build().run("hi");

        List<Duration> sleeps = scenario.time.sleeps();
        assertThat(sleeps.get(0)).isBetween(Duration.ofMillis(900), Duration.ofMillis(1000));
        assertThat(sleeps.get(0)).isNotEqualTo(Duration.ofSeconds(1));
        assertThat(sleeps.get(1)).isBetween(Duration.ofMillis(2000), Duration.ofMillis(2200));
        assertThat(sleeps.get(1)).isNotEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void retryAfterFromTheServerIsHonoured() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .fail(new RetryableModelException("openai: HTTP 429: rate limited", Duration.ofMillis(7_500), null))
                .answer("ok").build();

        RunResult result = scenario.agent(model).build().run("hi");

        assertThat(scenario.time.sleeps()).containsExactly(Duration.ofMillis(7_500));
        assertThat(scenario.events.ofType(AgentEvent.Retrying.class)).singleElement()
                .satisfies(r -> assertThat(r.delay()).isEqualTo(Duration.ofMillis(7_500)));
        assertThat(result.success()).isTrue();
    }

    @Test
    void aRetryAfterAboveAMinuteIsSetAsideForOurOwnBackoffAndTheRetryLineSaysWhatWasAsked() {
        List<Integer> sleepsWhenAnnounced = new java.util.ArrayList<>();
        ScriptedChatModel model = ScriptedChatModel.script()
                .fail(new RetryableModelException("openai: HTTP 429: quota exceeded", Duration.ofHours(1), null))
                .answer("ok").build();

        RunResult result = scenario.agent(model).listeners(event -> {
            if (event instanceof AgentEvent.Retrying) {
                sleepsWhenAnnounced.add(scenario.time.sleeps().size());
            }
        }).build().run("hi");

        assertThat(scenario.time.sleeps()).containsExactly(Duration.ofSeconds(1));
        assertThat(scenario.events.ofType(AgentEvent.Retrying.class)).singleElement().satisfies(r -> {
            assertThat(r.delay()).isEqualTo(Duration.ofSeconds(1));
            assertThat(r.cause()).startsWith("openai: HTTP 429: quota exceeded")
                    .contains("asked to wait 3600 s").contains("more than 60 s");
        });
        assertThat(sleepsWhenAnnounced).as("the wait is announced before it starts").containsExactly(0);
        assertThat(result.success()).isTrue();
    }

    @Test
    void aRetryAfterOfExactlyAMinuteIsStillHonoured() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .fail(new RetryableModelException("openai: HTTP 429: rate limited", Duration.ofSeconds(60), null))
                .answer("ok").build();

        scenario.agent(model).build().run("hi");

        assertThat(scenario.time.sleeps()).containsExactly(Duration.ofSeconds(60));
    }

    @Test
    void nonRetryableErrorFailsAtOnceWithTheProvidersMessage() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .fail(new NonRetryableModelException("openai: HTTP 401: Incorrect API key provided: sk-...abcd"))
                .build();

        RunResult result = scenario.agent(model).build().run("hi");

        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>ERROR", "EXECUTING>FAILED");
        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.reason()).isEmpty();
        assertThat(result.error()).get().extracting(Throwable::getMessage)
                .isEqualTo("openai: HTTP 401: Incorrect API key provided: sk-...abcd");
        assertThat(model.calls()).isEqualTo(1);
        assertThat(scenario.time.sleeps()).isEmpty();
    }

    @Test
    void exhaustedRetriesFailTheRun() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .fail(overloaded()).fail(overloaded()).fail(overloaded()).fail(overloaded()).build();

        RunResult result = scenario.agent(model).build().run("hi");

        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>RETRYING", "RETRYING>CALLING",
                "CALLING>RETRYING", "RETRYING>CALLING", "CALLING>RETRYING", "RETRYING>CALLING", "CALLING>ERROR",
                "EXECUTING>FAILED");
        assertThat(scenario.time.sleeps()).containsExactly(
                Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
        assertThat(result.state()).isEqualTo(AgentState.FAILED);
        assertThat(result.error()).get().isInstanceOf(RetryableModelException.class);
        assertThat(model.calls()).isEqualTo(4);
    }

    @Test
    void anErrorInsideTheStreamIsRetriedToo() {
        ScriptedChatModel model = ScriptedChatModel.script()
                .failMidStream(overloaded(), new io.agentloop.api.model.StreamEvent.TextDelta("Hel"))
                .answer("Hello")
                .build();

        RunResult result = scenario.agent(model).build().run("hi");

        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>STREAMING", "STREAMING>RETRYING",
                "RETRYING>CALLING", "CALLING>STREAMING", "STREAMING>SUCCESS", "EXECUTING>OBSERVING",
                "OBSERVING>COMPLETED");
        assertThat(result.text()).isEqualTo("Hello");
    }

    @Test
    void hooksAreNotRunAgainOnRetries() {
        List<String> log = RecordingHook.newLog();
        ScriptedChatModel model = ScriptedChatModel.script().fail(overloaded()).fail(overloaded()).answer("ok").build();

        scenario.agent(model).hooks(new RecordingHook("h", 0, log)).build().run("hi");

        assertThat(log).containsExactly("h.beforeReply", "h.beforeReasoning", "h.beforePrint", "h.afterPrint",
                "h.afterReasoning", "h.afterReply");
    }

    @Test
    void cancellingWhileWaitingToRetryStopsAtOnce() {
        ScriptedChatModel model = ScriptedChatModel.script().fail(overloaded()).answer("never").build();
        io.agentloop.api.Cancellation cancellation = new io.agentloop.api.Cancellation();
        Agent agent = scenario.agent(model).listeners(event -> {
            if (event instanceof AgentEvent.Retrying) {
                cancellation.cancel("user pressed Ctrl-C");
            }
        }).build();

        RunResult result = agent.run(List.of(io.agentloop.api.message.UserMessage.of("hi")), cancellation);

        assertThat(result.reason()).contains(TerminalReason.CANCELLED);
        assertThat(model.calls()).isEqualTo(1);
        assertThat(scenario.events.transitions()).containsExactly(
                "INIT>PLANNING", "PLANNING>EXECUTING", "IDLE>CALLING", "CALLING>RETRYING", "RETRYING>ERROR",
                "EXECUTING>OBSERVING", "OBSERVING>COMPLETED");
    }
}
