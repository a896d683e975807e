package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.agentloop.api.AgentException;
import io.agentloop.api.Cancellation;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.model.ModelConfig;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.RetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Failures the recorded fixtures do not hold. The bodies are written from the providers'
 * documented error formats (OpenAI: {@code {"error":{"message","type","code"}}}; Anthropic:
 * {@code {"type":"error","error":{"type","message"}}}), not recorded.
 */
class ProviderErrorsTest {
    private static final ChatRequest HI = ChatRequest.of(List.of(UserMessage.of("hi")), List.of());
    private final ProviderServer server = new ProviderServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private ChatModel openAi(Map<String, String> settings) {
        return server.model(new OpenAiChatProvider(), "gpt-test", "/v1", settings);
    }

    private static MockResponse json(int status, String body) {
        return new MockResponse.Builder().code(status).addHeader("Content-Type", "application/json").body(body).build();
    }

    private static RuntimeException failureOf(ChatModel model) {
        try (ModelStream stream = model.stream(HI, CancellationSignal.never())) {
            while (!(stream.next() instanceof StreamEvent.Finish)) {
                // read on: the failure may come mid-stream
            }
            throw new AssertionError("expected a failure, the response completed");
        } catch (RuntimeException e) {
            return e;
        }
    }

    @Test
    void rateLimitCarriesTheServersRetryAfter() {
        server.enqueue(new MockResponse.Builder(json(429, "{\"error\":{\"message\":\"Rate limit reached for gpt-4o\","
                + "\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}")).addHeader("retry-after", "2").build());

        RuntimeException e = failureOf(openAi(Map.of()));

        assertThat(e).isInstanceOf(RetryableModelException.class)
                .hasMessage("OpenAI: HTTP 429 requests (rate_limit_exceeded): Rate limit reached for gpt-4o");
        assertThat(((RetryableModelException) e).retryAfter()).contains(Duration.ofSeconds(2));
    }

    @Test
    void retryAfterMsWinsOverRetryAfter() {
        server.enqueue(new MockResponse.Builder(json(429, "{}")).addHeader("retry-after-ms", "1500")
                .addHeader("retry-after", "30").build());

        assertThat(((RetryableModelException) failureOf(openAi(Map.of()))).retryAfter())
                .contains(Duration.ofMillis(1500));
    }

    @Test
    void serverErrorsAreRetryable() {
        for (int status : new int[] {500, 502, 503, 504}) {
            server.enqueue(json(status, "{\"error\":{\"message\":\"The server had an error while processing your "
                    + "request. Sorry about that!\",\"type\":\"server_error\",\"param\":null,\"code\":null}}"));
            assertThat(failureOf(openAi(Map.of()))).as("HTTP " + status).isInstanceOf(RetryableModelException.class)
                    .hasMessage("OpenAI: HTTP " + status + " server_error: The server had an error while processing "
                            + "your request. Sorry about that!");
        }
    }

    @Test
    void xShouldRetryOverridesTheStatus() {
        server.enqueue(new MockResponse.Builder(json(500, "{}")).addHeader("x-should-retry", "false").build());
        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(NonRetryableModelException.class);
        server.enqueue(new MockResponse.Builder(json(400, "{}")).addHeader("x-should-retry", "true").build());
        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(RetryableModelException.class);
    }

    @Test
    void anthropicOverloadedIsRetryable() {
        server.enqueue(json(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":"
                + "\"Overloaded\"},\"request_id\":\"req_011\"}"));

        assertThat(failureOf(server.model(new AnthropicProvider(), "claude-test", "/v1", Map.of())))
                .isInstanceOf(RetryableModelException.class)
                .hasMessage("Anthropic: HTTP 529 overloaded_error: Overloaded");
    }

    @Test
    void anthropicOverloadedInsideTheStreamIsRetryable() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream")
                .body(ProviderStreams.ANTHROPIC_TOOL_USE_START + ProviderStreams.ANTHROPIC_OVERLOADED).build());

        assertThat(failureOf(server.model(new AnthropicProvider(), "claude-test", "/v1", Map.of())))
                .isInstanceOf(RetryableModelException.class)
                .hasMessage("Anthropic: error in the response stream overloaded_error: Overloaded");
    }

    @Test
    void aStreamCutInTheMiddleOfAToolCallIsRetryable() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream")
                .body(ProviderStreams.OPENAI_TOOL_CALL_CUT).build());

        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(RetryableModelException.class)
                .hasMessage("OpenAI: the response stream ended before its final event (the response was cut off)");
    }

    @Test
    void aConnectionResetIsRetryable() {
        server.enqueue(new MockResponse.Builder().onRequestStart(new SocketEffect.CloseSocket()).build());

        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(RetryableModelException.class)
                .hasMessageStartingWith("OpenAI: the connection failed");
    }

    @Test
    void aPooledConnectionTheServerDroppedIsReplacedByAFreshOneWithinTheCall() throws InterruptedException {
        String answer = "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"hi\"},"
                + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}";
        server.enqueue(json(200, answer));
        // The second call goes out on the pooled connection, which the server drops once it has read the request.
        server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
        server.enqueue(json(200, answer));
        ChatModel model = openAi(Map.of("stream", "false"));

        for (int call = 1; call <= 2; call++) {
            try (ModelStream stream = model.stream(HI, CancellationSignal.never())) {
                assertThat(stream.next()).as("call %d", call).isEqualTo(new StreamEvent.TextDelta("hi"));
            }
        }

        assertThat(server.server.getRequestCount()).as("the dropped request was sent again, once").isEqualTo(3);
        List<Integer> connections = List.of(server.server.takeRequest().getConnectionIndex(),
                server.server.takeRequest().getConnectionIndex(), server.server.takeRequest().getConnectionIndex());
        assertThat(connections).as("the connection of each request").containsExactly(0, 0, 1);
    }

    private static MockResponse events(String body) {
        return new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream").body(body).build();
    }

    @Test
    void anEventThatIsNotJsonEndsTheCallWithTheProvidersErrorNotAParserException() {
        server.enqueue(events("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\n"
                + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\n\n"));

        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(NonRetryableModelException.class)
                .hasMessageStartingWith("OpenAI: a streamed event is not the JSON this format expects: ");
    }

    @Test
    void anEventHoldingTwoValuesIsThatEventsErrorNotAShiftedStream() {
        server.enqueue(events("data: {\"choices\":[]}{\"choices\":[{\"index\":0,\"finish_reason\":\"stop\"}]}\n\n"
                + "data: [DONE]\n\n"));

        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: a streamed event is not the JSON this format expects: the event holds more than "
                        + "one JSON value");
    }

    @Test
    void aWholeAnswersToolCallWithoutAnIdIsNamedAfterItsIndexAsInAStream() {
        server.enqueue(json(200, "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"tool_calls\":["
                + "{\"type\":\"function\",\"function\":{\"name\":\"read\",\"arguments\":\"{}\"}}]},"
                + "\"finish_reason\":\"tool_calls\"}]}"));

        try (ModelStream stream = openAi(Map.of("stream", "false")).stream(HI, CancellationSignal.never())) {
            assertThat(stream.next()).isEqualTo(new StreamEvent.ToolCallStart(0, "call_0", "read"));
        }
    }

    @Test
    void eventsWithoutAnObjectAreSkippedAsBefore() {
        server.enqueue(events("data:\n\ndata: null\n\n"
                + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}\n\n"
                + "data: [DONE]\n\n"));

        try (ModelStream stream = openAi(Map.of()).stream(HI, CancellationSignal.never())) {
            assertThat(stream.next()).isEqualTo(new StreamEvent.TextDelta("Hi"));
            assertThat(stream.next()).isEqualTo(new StreamEvent.Finish(io.agentloop.api.message.StopReason.END_TURN));
        }
    }

    @Test
    void aReadTimeoutIsRetryable() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream")
                .onResponseBody(SocketEffect.Stall.INSTANCE).body("data: {}\n\n").build());

        assertThat(failureOf(openAi(Map.of("read-timeout", "100ms")))).isInstanceOf(RetryableModelException.class)
                .hasMessageStartingWith("OpenAI: timed out");
    }

    @Test
    void refusedCredentialsSayWhichVariableToSet() {
        server.enqueue(json(401, "{\"error\":{\"message\":\"Incorrect API key provided: sk-test***key.\","
                + "\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"invalid_api_key\"}}"));

        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: HTTP 401 invalid_request_error (invalid_api_key): Incorrect API key provided: "
                        + "sk-test***key.. Check the API key: set OPENAI_API_KEY (or the provider's api-key setting) "
                        + "to a valid key");
    }

    @Test
    void aRequestTooLargeSaysHowToShortenItAndKeepsTheProvidersText() {
        server.enqueue(json(413, "{\"type\":\"error\",\"error\":{\"type\":\"request_too_large\",\"message\":"
                + "\"Request exceeds the maximum allowed number of bytes.\"}}"));

        assertThat(failureOf(server.model(new AnthropicProvider(), "claude-test", "/v1", Map.of())))
                .isExactlyInstanceOf(NonRetryableModelException.class)
                .hasMessage("the request is too large for Anthropic (HTTP 413): request_too_large: Request exceeds "
                        + "the maximum allowed number of bytes. Shorten the conversation or the tool output, or "
                        + "enable compaction (compaction.max-tokens)");
    }

    @Test
    void aPlainHttpEndpointThatRedirectsToHttpsSaysWhereToPointTheBaseUrl() {
        server.enqueue(new MockResponse.Builder().code(308)
                .addHeader("Location", "https://models.example.invalid/v1/chat/completions").build());

        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: HTTP 308. The endpoint redirects to https://models.example.invalid/v1/chat/"
                        + "completions: set the provider's base-url to that address");
    }

    @Test
    void aMissingKeyForOpenAisOwnServiceIsReportedWhenTheModelIsCreated() {
        OpenAiChatProvider withoutKeys = new OpenAiChatProvider(name -> null);
        assertThatThrownBy(() -> withoutKeys.create(ModelConfig.of("gpt-4.1-mini")))
                .isInstanceOf(AgentException.class)
                .hasMessage("OpenAI needs an API key: set OPENAI_API_KEY in the environment, or the api-key setting "
                        + "of the model");
        // A compatible local server needs none.
        assertThat(withoutKeys.create(new ModelConfig("qwen", Map.of("base-url", "http://localhost:8000/v1"))).name())
                .isEqualTo("qwen");
    }

    @Test
    void aBaseUrlThatIsNotAUrlIsRefusedWhenTheModelIsCreatedNamingWhereItCameFrom() {
        OpenAiChatProvider provider = new OpenAiChatProvider(name -> name.equals("OPENAI_BASE_URL") ? "localhost:8000"
                : null);

        assertThatThrownBy(() -> provider.create(new ModelConfig("qwen", Map.of("base-url", "not a url"))))
                .isInstanceOf(AgentException.class)
                .hasMessage("setting base-url='not a url' is not an http or https URL; write it like "
                        + "https://api.openai.com/v1");
        assertThatThrownBy(() -> provider.create(ModelConfig.of("qwen")))
                .isInstanceOf(AgentException.class)
                .hasMessage("OPENAI_BASE_URL='localhost:8000' is not an http or https URL; write it like "
                        + "https://api.openai.com/v1");
    }

    @Test
    void aSizeLimitThatIsNotASizeIsRefusedWhenTheModelIsCreatedNamingTheSetting() {
        assertThatThrownBy(() -> openAi(Map.of("max-event-size", "lots")))
                .isInstanceOf(AgentException.class)
                .hasMessage("setting max-event-size='lots' is not a size from 1 byte to 1gb; write it like 512kb, "
                        + "16mb or a number of bytes");
        assertThatThrownBy(() -> openAi(Map.of("max-response-size", "2gb"))).isInstanceOf(AgentException.class)
                .hasMessageStartingWith("setting max-response-size='2gb' is not a size from 1 byte to 1gb");
        assertThat(((io.agentloop.providers.http.HttpChatModel<?>) openAi(Map.of("max-response-size", "512kb",
                "max-event-size", "2048"))).settings())
                .satisfies(s -> assertThat(s.maxResponseSize()).isEqualTo(512 * 1024))
                .satisfies(s -> assertThat(s.maxEventSize()).isEqualTo(2048));
    }

    @Test
    void aWebPageIsNotTakenForAResponseWhenNotStreamingEither() {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/html")
                .body("<html><body>It works!</body></html>").build());

        assertThat(failureOf(openAi(Map.of("stream", "false")))).isInstanceOf(NonRetryableModelException.class)
                .hasMessageContaining("HTTP 200 with text/html").hasMessageContaining("It works!")
                .hasMessageContaining("base URL").hasMessageContaining("probably wrong");
    }

    @Test
    void theKeyNeverAppearsInSettingsText() {
        ChatModel model = openAi(Map.of("api-key", "sk-very-secret"));
        assertThat(((io.agentloop.providers.http.HttpChatModel<?>) model).settings().toString())
                .doesNotContain("sk-very-secret").contains("apiKey=(set)");
        assertThat(new ModelConfig("m", Map.of("api-key", "sk-very-secret")).toString()).doesNotContain("sk-very");
    }

    @Test
    void cancellingStopsTheCallWhileWaitingForTheResponse() throws Exception {
        server.enqueue(new MockResponse.Builder().code(200).headersDelay(30, TimeUnit.SECONDS)
                .body("data: [DONE]\n\n").build());
        ChatModel model = openAi(Map.of());
        Cancellation cancellation = new Cancellation();

        CompletableFuture<Throwable> failure = CompletableFuture.supplyAsync(() -> {
            try (ModelStream stream = model.stream(HI, cancellation)) {
                return new AssertionError("the call was not cancelled: " + stream.next());
            } catch (RuntimeException e) {
                return e;
            }
        });
        server.server.takeRequest(10, TimeUnit.SECONDS);
        cancellation.cancel("user pressed Ctrl-C");

        assertThat(failure.get(10, TimeUnit.SECONDS)).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: the call was cancelled");
    }

    @Test
    void contextLengthErrorsHaveTheirOwnType() {
        server.enqueue(json(400, "{\"error\":{\"message\":\"This model's maximum context length is 128000 tokens. "
                + "However, your messages resulted in 130015 tokens.\",\"type\":\"invalid_request_error\","
                + "\"param\":\"messages\",\"code\":\"context_length_exceeded\"}}"));
        assertThat(failureOf(openAi(Map.of()))).isInstanceOf(ContextLengthExceededException.class)
                .hasMessageContaining("maximum context length is 128000 tokens");

        server.enqueue(json(400, "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\","
                + "\"message\":\"prompt is too long: 208310 tokens > 200000 maximum\"}}"));
        assertThat(failureOf(server.model(new AnthropicProvider(), "claude-test", "/v1", Map.of())))
                .isInstanceOf(ContextLengthExceededException.class).hasMessageContaining("prompt is too long");
    }
}
