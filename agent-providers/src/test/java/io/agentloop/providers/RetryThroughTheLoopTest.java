package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.Agent;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.testkit.FakeTool;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Transient failures followed by a good response, through the agent loop: the run succeeds after
 * the right wait, and nothing from the failed attempt (a half tool call, half a text) reaches the
 * conversation or runs. The failing bodies follow the documented formats; the good ones are
 * recorded fixtures.
 */
class RetryThroughTheLoopTest {
    private final ProviderServer server = new ProviderServer();
    private final ManualTimekeeper time = new ManualTimekeeper();
    private final FakeTool weather = FakeTool.named("get_weather").readOnly().stringParameter("city", true)
            .returning(args -> "sunny in " + args.requireString("city"));

    @AfterEach
    void stop() {
        server.close();
    }

    private RunResult run(Map<String, String> settings) {
        server.enqueue(Fixtures.response("openai-chat", "stream-text-usage.sse", 200));
        Agent agent = Agent.builder().model(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1", settings))
                .tools(weather).timekeeper(time).random(() -> 0.5).build();
        return agent.run("What is the weather in Mexico City?");
    }

    /** The assistant messages hold only complete calls: the one recorded call, once. */
    private static void onlyTheCompleteCall(RunResult result) {
        List<ToolCall> calls = result.messages().stream().filter(AssistantMessage.class::isInstance)
                .flatMap(m -> ((AssistantMessage) m).toolCalls().stream()).toList();
        assertThat(calls).containsExactly(ToolCall.of("call_LwxJUB9KppVyogRRLQsamRJv", "get_weather",
                "{\"city\":\"Mexico City\"}"));
    }

    @Test
    void rateLimitedWithRetryAfterTwoSecondsThenAnswered() {
        server.enqueue(new MockResponse.Builder().code(429).addHeader("retry-after", "2")
                .body("{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}").build());

        RunResult result = run(Map.of());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(result.text()).isEqualTo("1, 2, 3, 4, 5");
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(2));
    }

    @Test
    void aRetryAfterOfAnHourIsSetAsideForTheBackoffAndTheRunGoesOn() {
        server.enqueue(new MockResponse.Builder().code(429).addHeader("retry-after", "3600")
                .body("{\"error\":{\"message\":\"You exceeded your current quota\",\"type\":\"requests\"}}")
                .build());

        RunResult result = run(Map.of());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void anHtmlPageWithStatus200FailsAtOnceSayingWhatCameBackAndThatTheBaseUrlIsProbablyWrong() {
        MockResponse portal = new MockResponse.Builder().code(200).addHeader("Content-Type", "text/html; charset=utf-8")
                .body("<!DOCTYPE html>\n<html><head><title>Hotel WiFi - Sign in</title></head><body>...</body></html>")
                .build();
        for (int i = 0; i < 4; i++) {
            server.enqueue(portal);
        }
        Agent agent = Agent.builder().model(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1", Map.of()))
                .timekeeper(time).random(() -> 0.5).build();

        RunResult result = agent.run("hi");

        assertThat(result.success()).isFalse();
        assertThat(server.server.getRequestCount()).isEqualTo(1);
        assertThat(time.sleeps()).isEmpty();
        assertThat(result.error()).get().extracting(Throwable::getMessage).asString()
                .contains("text/html").contains("<!DOCTYPE html>").contains("Hotel WiFi")
                .contains("base URL " + server.server.url("/v1").toString().replaceAll("/$", ""))
                .contains("probably wrong");
    }

    @Test
    void aStreamCutInTheMiddleOfAToolCallIsRetriedAndTheHalfCallNeverRuns() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream")
                .body(ProviderStreams.OPENAI_TOOL_CALL_CUT).build());
        server.enqueue(Fixtures.response("openai-chat", "stream-tool-call-args-split.sse", 200));

        RunResult result = run(Map.of());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(weather.calls()).singleElement()
                .satisfies(args -> assertThat(args.requireString("city")).isEqualTo("Mexico City"));
        onlyTheCompleteCall(result);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void aConnectionResetIsRetried() {
        server.enqueue(new MockResponse.Builder().onRequestStart(new SocketEffect.CloseSocket()).build());
        server.enqueue(Fixtures.response("openai-chat", "stream-tool-call-args-split.sse", 200));

        RunResult result = run(Map.of());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        onlyTheCompleteCall(result);
        assertThat(weather.calls()).hasSize(1);
    }

    @Test
    void aReadTimeoutMidStreamIsRetriedAndItsPartialTextDropped() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream")
                .body(Fixtures.read("openai-chat", "stream-tool-call-args-split.sse").substring(0, 700))
                .onResponseEnd(SocketEffect.Stall.INSTANCE).build());
        server.enqueue(Fixtures.response("openai-chat", "stream-tool-call-args-split.sse", 200));

        RunResult result = run(Map.of("read-timeout", "200ms"));

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        onlyTheCompleteCall(result);
        assertThat(weather.calls()).hasSize(1);
    }

    @Test
    void theRetriesOfACallCarryItsIdempotencyKeyAndTheNextCallANewOne() {
        server.enqueue(new MockResponse.Builder().code(500).body("{\"error\":{\"message\":\"boom\"}}").build());
        server.enqueue(Fixtures.response("openai-chat", "stream-tool-call-args-split.sse", 200));

        RunResult result = run(Map.of());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        String failed = server.take().header("Idempotency-Key");
        String retried = server.take().header("Idempotency-Key");
        String next = server.take().header("Idempotency-Key");
        assertThat(failed).matches("agentloop-retry-[0-9a-f-]{36}");
        assertThat(retried).isEqualTo(failed);
        assertThat(next).matches("agentloop-retry-[0-9a-f-]{36}").isNotEqualTo(failed);
    }

    @Test
    void serverErrorsAreRetriedUntilTheyPass() {
        server.enqueue(new MockResponse.Builder().code(500).body("{\"error\":{\"message\":\"boom\"}}").build());
        server.enqueue(new MockResponse.Builder().code(503).body("{\"error\":{\"message\":\"busy\"}}").build());

        RunResult result = run(Map.of());

        assertThat(result.reason()).contains(TerminalReason.ANSWERED);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
    }
}
