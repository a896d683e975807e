package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.fail;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.anthropic.AnthropicProvider;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.ollama.OllamaProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import io.agentloop.providers.responses.ResponsesProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import okio.BufferedSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A stream closed from another thread while its reading thread waits inside the response body (as
 * Ctrl-C closes it, from the signal's thread): the close only cancels the call, so it returns
 * without touching the body the reader is in, and the reader ends promptly with "the call was
 * cancelled", for every provider's streaming path. The server sends a recorded stream but its last
 * event, then holds the rest until the test ends. The reader is a virtual thread, as a run's is.
 * (Whether the old failure shows here depends on which thread gets there first; HttpModelStreamTest
 * shows the rule it broke every time.)
 */
class CancelWhileStreamingTest {
    private static final Duration LIMIT = Duration.ofMinutes(2);
    private final ProviderServer server = new ProviderServer();
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void stop() {
        release.countDown();
        server.close();
    }

    static Stream<Arguments> providers() {
        return Stream.of(
                Arguments.of(Named.of("OpenAI", new OpenAiChatProvider()), "openai-chat", "stream-text-usage.sse", "/v1"),
                Arguments.of(Named.of("OpenAI Responses", new ResponsesProvider()), "openai-responses",
                        "stream-text.sse", "/v1"),
                Arguments.of(Named.of("Anthropic", new AnthropicProvider()), "anthropic", "stream-text.sse", "/v1"),
                Arguments.of(Named.of("Gemini", new GeminiProvider()), "gemini", "stream-text.sse", "/v1beta"),
                Arguments.of(Named.of("Ollama", new OllamaProvider()), "ollama", "chat-stream-text.ndjson", "/"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void closingTheStreamWhileItsReaderWaitsForTheBodyEndsTheReadCleanly(ModelProvider provider, String api,
                                                                          String file, String basePath)
            throws Exception {
        server.enqueue(heldBeforeItsLastUnit(Fixtures.read(api, file), file.endsWith(".ndjson"),
                Fixtures.response(api, file, 200)));
        ModelStream stream = server.model(provider, "test-model", basePath, Map.of())
                .stream(ChatRequest.of(List.of(UserMessage.of("hi")), List.of()), CancellationSignal.never());
        List<StreamEvent> received = new CopyOnWriteArrayList<>();
        CompletableFuture<RuntimeException> ended = new CompletableFuture<>();
        AtomicReference<Thread> reader = new AtomicReference<>();
        Thread.ofVirtual().name("reader").start(() -> {
            reader.set(Thread.currentThread());
            readOn(stream, received, ended);
        });

        awaitReaderInsideTheBody(reader, received);
        assertThatCode(stream::close).as("closing from another thread while the reader is in the body")
                .doesNotThrowAnyException();

        RuntimeException end = ended.get(LIMIT.toMinutes(), TimeUnit.MINUTES);
        assertThat(end).as("how the read ended (events: " + received + ")")
                .isInstanceOf(NonRetryableModelException.class).hasMessageEndingWith(": the call was cancelled");
        assertThat(received).as("the text received before the close").anyMatch(StreamEvent.TextDelta.class::isInstance);
    }

    /** Reads events until the stream ends, completing {@code ended} with how it ended (null: its Finish). */
    private static void readOn(ModelStream stream, List<StreamEvent> received, CompletableFuture<RuntimeException> ended) {
        try {
            while (true) {
                StreamEvent event = stream.next();
                received.add(event);
                if (event instanceof StreamEvent.Finish) {
                    ended.complete(null);
                    return;
                }
            }
        } catch (RuntimeException e) {
            ended.complete(e);
        }
    }

    /**
     * Waits until the reader has taken the text sent so far and is blocked reading the socket for the
     * rest: the moment a Ctrl-C finds it in.
     */
    private static void awaitReaderInsideTheBody(AtomicReference<Thread> reader, List<StreamEvent> received)
            throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!(received.stream().anyMatch(StreamEvent.TextDelta.class::isInstance) && inSocketRead(reader.get()))) {
            if (System.nanoTime() > deadline) {
                fail("the reader did not come to wait for the rest of the body; events: " + received);
            }
            TimeUnit.MILLISECONDS.sleep(10);
        }
    }

    private static boolean inSocketRead(Thread thread) {
        if (thread == null) {
            return false;
        }
        for (StackTraceElement frame : thread.getStackTrace()) {
            if (frame.getClassName().startsWith("java.net.Socket") && frame.getMethodName().equals("read")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The recorded response, its body sent but for its last unit (SSE event or NDJSON line), which
     * waits for the test to end.
     */
    private MockResponse heldBeforeItsLastUnit(String body, boolean lines, MockResponse recorded) {
        String trimmed = body.stripTrailing();
        int cut = lines ? trimmed.lastIndexOf('\n') + 1
                : Math.max(trimmed.lastIndexOf("\n\n") + 2, trimmed.lastIndexOf("\r\n\r\n") + 4);
        byte[] head = body.substring(0, cut).getBytes(StandardCharsets.UTF_8);
        byte[] tail = body.substring(cut).getBytes(StandardCharsets.UTF_8);
        return recorded.newBuilder().body(new MockResponseBody() {
            @Override
            public long getContentLength() {
                return head.length + tail.length;
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                sink.write(head).flush();
                try {
                    release.await(LIMIT.toMinutes(), TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                sink.write(tail).flush();
            }
        }).build();
    }
}
