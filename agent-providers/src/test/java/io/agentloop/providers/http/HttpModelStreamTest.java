package io.agentloop.providers.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import java.net.SocketException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;
import org.junit.jupiter.api.Test;

/**
 * Who touches the response body when a stream is closed from another thread while its reader is in
 * the body: only the reader. The other thread cancels the call (which, on a real connection, makes the
 * reader's read fail); the reader then closes the body itself. A body closed by the other thread
 * would be read through while the reader is still in it (Okio's "Unbalanced enter/exit").
 */
class HttpModelStreamTest {
    private final HttpErrorMapper errors = new HttpErrorMapper(new ProviderInfo("openai", "OpenAI", Optional.empty()),
            "http://localhost/v1", WireJson.MAPPER);
    private final Request request = new Request.Builder().url("http://localhost/v1/chat/completions").build();
    private final Call call = new OkHttpClient().newCall(request);
    private final AtomicReference<Thread> closedBy = new AtomicReference<>();

    /** A body that records the thread that closes it. */
    private final ResponseBody body = new ResponseBody() {
        private final Buffer source = new Buffer();

        @Override
        public MediaType contentType() {
            return MediaType.get("text/event-stream");
        }

        @Override
        public long contentLength() {
            return -1;
        }

        @Override
        public BufferedSource source() {
            return source;
        }

        @Override
        public void close() {
            closedBy.compareAndSet(null, Thread.currentThread());
        }
    };

    private final Response response = new Response.Builder().request(request).protocol(Protocol.HTTP_1_1).code(200)
            .message("OK").body(body).build();

    /** A decoder that emits each unit as text. */
    private static final StreamDecoder<String> TEXT = new StreamDecoder<>() {
        @Override
        public void accept(String unit, Consumer<StreamEvent> out) {
            out.accept(new StreamEvent.TextDelta(unit));
        }
    };

    @Test
    void closingWhileTheReaderIsInTheBodyCancelsTheCallAndLeavesTheBodyToTheReader() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch connectionClosed = new CountDownLatch(1);
        HttpModelStream<String> stream = new HttpModelStream<>(new HttpTransport.Opened(call, response), () -> {
            inside.countDown();
            try {
                connectionClosed.await(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new SocketException("Socket closed");
        }, TEXT, errors, "OpenAI");
        CompletableFuture<RuntimeException> ended = new CompletableFuture<>();
        Thread reader = Thread.ofPlatform().name("reader").start(() -> {
            try {
                stream.next();
                ended.complete(null);
            } catch (RuntimeException e) {
                ended.complete(e);
            }
        });
        assertThat(inside.await(1, TimeUnit.MINUTES)).isTrue();

        stream.close();

        assertThat(call.isCanceled()).as("the call is cancelled at once").isTrue();
        assertThat(closedBy.get()).as("the body, which the reader is in, is not closed by the closing thread").isNull();
        connectionClosed.countDown(); // as the cancelled call's closed connection makes the read fail
        assertThat(ended.get(1, TimeUnit.MINUTES)).isInstanceOf(NonRetryableModelException.class)
                .hasMessage("OpenAI: the call was cancelled");
        assertThat(closedBy.get()).as("the reader closes the body as it leaves").isSameAs(reader);
    }

    @Test
    void closingWhileNoThreadReadsReleasesAtOnceAndALaterReadSaysCancelled() {
        HttpModelStream<String> stream = new HttpModelStream<>(new HttpTransport.Opened(call, response), () -> {
            throw new AssertionError("the body is read after the stream was closed");
        }, TEXT, errors, "OpenAI");

        stream.close();

        assertThat(call.isCanceled()).isTrue();
        assertThat(closedBy.get()).isSameAs(Thread.currentThread());
        assertThat(catchThrowable(stream::next))
                .isInstanceOf(NonRetryableModelException.class).hasMessage("OpenAI: the call was cancelled");
    }
}
