package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.time.ManualTimekeeper;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import mockwebserver3.MockResponse;
import okio.Buffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server (or whatever answers in its place) that sends a response too large to hold: a line or
 * event of a stream, or a whole response, past its limit fails the call once, naming the limit and
 * the setting that raises it, and is never retried. The bodies are gzip-compressed the way a server
 * would send them, so a few kilobytes on the wire inflate to megabytes; the limits are lowered
 * through the settings so no test holds more than a few megabytes.
 */
class ResponseLimitsTest {
    private static final ChatRequest HI = ChatRequest.of(List.of(UserMessage.of("hi")), List.of());
    private final ProviderServer server = new ProviderServer();
    private final ManualTimekeeper time = new ManualTimekeeper();

    @AfterEach
    void stop() {
        server.close();
    }

    /** {@code prefix}, then {@code repeat} bytes of {@code a}, then {@code suffix}, gzip-compressed. */
    private static Buffer gzip(String prefix, long repeat, String suffix) {
        Buffer compressed = new Buffer();
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) 'a');
        try (OutputStream out = new GZIPOutputStream(compressed.outputStream())) {
            out.write(prefix.getBytes(StandardCharsets.UTF_8));
            for (long left = repeat; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
            out.write(suffix.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return compressed;
    }

    private static MockResponse gzipped(String contentType, Buffer body) {
        return new MockResponse.Builder().code(200).addHeader("Content-Type", contentType)
                .addHeader("Content-Encoding", "gzip").body(body).build();
    }

    /** Four copies, so a retry would find another and the request count shows whether one happened. */
    private void enqueueFourTimes(MockResponse response) {
        for (int i = 0; i < 4; i++) {
            server.enqueue(response);
        }
    }

    private RunResult run(ChatModel model) {
        return Agent.builder().model(model).timekeeper(time).random(() -> 0.5).build().run("hi");
    }

    private static RuntimeException failureOf(ChatModel model) {
        try (ModelStream stream = model.stream(HI, CancellationSignal.never())) {
            while (!(stream.next() instanceof StreamEvent.Finish)) {
                // read on: the failure comes mid-stream
            }
            throw new AssertionError("expected a failure, the response completed");
        } catch (RuntimeException e) {
            return e;
        }
    }

    @Test
    void aCompressedStreamWhoseLineInflatesPastTheLimitFailsOnceNamingTheLimit() {
        Buffer body = gzip("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"", 8L << 20, "\"}}]}\n\n");
        assertThat(body.size()).as("a few kilobytes on the wire").isLessThan(64 * 1024);
        enqueueFourTimes(gzipped("text/event-stream", body));

        RunResult result = run(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1",
                Map.of("max-event-size", "256kb")));

        assertThat(result.success()).isFalse();
        assertThat(server.server.getRequestCount()).as("not retried").isEqualTo(1);
        assertThat(time.sleeps()).isEmpty();
        assertThat(result.error()).get().isInstanceOf(NonRetryableModelException.class)
                .extracting(Throwable::getMessage).asString()
                .contains("256 KB").contains("max-event-size").contains("streamed response");
    }

    @Test
    void theDefaultLimitStopsAHugeLineWellBeforeItIsRead() {
        server.enqueue(gzipped("text/event-stream", gzip("data: \"", 48L << 20, "\"\n\n")));

        RuntimeException e = failureOf(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1", Map.of()));

        assertThat(e).isInstanceOf(NonRetryableModelException.class).hasMessageContaining("16 MB")
                .hasMessageContaining("max-event-size");
    }

    @Test
    void anEventOfManySmallDataLinesIsBoundedToo() {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            lines.append("data: ").append("b".repeat(100)).append('\n');
        }
        server.enqueue(gzipped("text/event-stream", gzip(lines.toString(), 0, "\n")));

        RuntimeException e = failureOf(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1",
                Map.of("max-event-size", "1mb")));

        assertThat(e).isInstanceOf(NonRetryableModelException.class).hasMessageContaining("1 MB")
                .hasMessageContaining("max-event-size");
    }

    @Test
    void aCompressedNdjsonLinePastTheLimitFailsOnceNamingTheLimit() {
        enqueueFourTimes(gzipped("application/x-ndjson",
                gzip("{\"model\":\"qwen\",\"message\":{\"role\":\"assistant\",\"content\":\"", 8L << 20, "\"}}\n")));

        RunResult result = run(server.model(new OllamaProvider(), "qwen", "", Map.of("max-event-size", "256kb")));

        assertThat(server.server.getRequestCount()).as("not retried").isEqualTo(1);
        assertThat(result.error()).get().isInstanceOf(NonRetryableModelException.class)
                .extracting(Throwable::getMessage).asString().contains("256 KB").contains("max-event-size");
    }

    @Test
    void aHugeResponseThatIsNotStreamedFailsOnceNamingTheLimit() {
        enqueueFourTimes(gzipped("application/json", gzip("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"", 8L << 20,
                "\"},\"finish_reason\":\"stop\"}]}")));

        RunResult result = run(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1",
                Map.of("stream", "false", "max-response-size", "1mb")));

        assertThat(server.server.getRequestCount()).as("not retried").isEqualTo(1);
        assertThat(time.sleeps()).isEmpty();
        assertThat(result.error()).get().isInstanceOf(NonRetryableModelException.class)
                .extracting(Throwable::getMessage).asString().contains("1 MB").contains("max-response-size");
    }

    @Test
    void aResponseWithinTheLimitsIsReadAsBefore() {
        server.enqueue(gzipped("text/event-stream", gzip("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"",
                200_000, "\"}}]}\n\ndata: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n"
                        + "data: [DONE]\n\n")));

        RunResult result = run(server.model(new OpenAiChatProvider(), "gpt-4o", "/v1",
                Map.of("max-event-size", "256kb")));

        assertThat(result.success()).isTrue();
        assertThat(result.text()).hasSize(200_000);
    }
}
