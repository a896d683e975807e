package io.agentloop.examples.streaming;

import static io.agentloop.examples.FakeOpenAi.lastMessage;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.agentloop.examples.FakeOpenAi;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockResponseBody;
import okio.BufferedSink;
import org.junit.jupiter.api.Test;

class StreamingEndpointTest {

    /** One Server-Sent Event: its name and its data lines joined, as a browser's EventSource reads it. */
    record Sse(String event, String data) {}

    @Test
    void eachDeltaReachesTheClientWhileTheModelIsStillWriting() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi(); HttpClient client = HttpClient.newHttpClient()) {
            List<String> answer = FakeOpenAi.answerEvents("Sunlight ", "scatters:\nblue ", "most of all.");
            CountDownLatch firstDeltaRead = new CountDownLatch(1);
            // The model writes its first piece, then holds the rest back until the client has read that
            // piece: an endpoint that kept the deltas until the end would never get the rest, and its
            // run would end without an answer.
            model.enqueue(new MockResponseBody() {
                @Override
                public long getContentLength() {
                    return -1;
                }

                @Override
                public void writeTo(BufferedSink sink) throws IOException {
                    sink.writeUtf8(answer.getFirst()).flush();
                    try {
                        firstDeltaRead.await(1, TimeUnit.MINUTES);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    for (String event : answer.subList(1, answer.size())) {
                        sink.writeUtf8(event);
                    }
                }
            });
            HttpServer server = StreamingEndpoint.start(StreamingEndpoint.model(), 0);
            try {
                URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort()
                        + "/chat?q=Why+is+the+sky+blue%3F");
                HttpResponse<Stream<String>> response = client.send(HttpRequest.newBuilder(uri).build(),
                        HttpResponse.BodyHandlers.ofLines());
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream; charset=utf-8");
                Iterator<String> lines = response.body().iterator();

                assertThat(next(lines)).isEqualTo(new Sse("delta", "Sunlight "));
                firstDeltaRead.countDown();
                List<Sse> rest = new ArrayList<>();
                for (Sse event = next(lines); event != null; event = next(lines)) {
                    rest.add(event);
                }

                assertThat(rest).as("what came after the first delta").containsExactly(
                        new Sse("delta", "scatters:\nblue "), new Sse("delta", "most of all."),
                        new Sse("done", "ANSWERED"));
                assertThat(lastMessage(model.requests().getFirst()).path("content").asString())
                        .isEqualTo("Why is the sky blue?");
            } finally {
                server.stop(0);
            }
        }
    }

    @Test
    void aRequestWithoutAQuestionIsRefused() throws Exception {
        try (FakeOpenAi model = new FakeOpenAi(); HttpClient client = HttpClient.newHttpClient()) {
            HttpServer server = StreamingEndpoint.start(StreamingEndpoint.model(), 0);
            try {
                URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/chat");
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(uri).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).isEqualTo(400);
                assertThat(response.body()).contains("/chat?q=");
                assertThat(model.requests()).isEmpty();
            } finally {
                server.stop(0);
            }
        }
    }

    /** The next event, or null at the end of the stream. */
    private static Sse next(Iterator<String> lines) {
        String event = null;
        List<String> data = new ArrayList<>();
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.isEmpty()) {
                return new Sse(event, String.join("\n", data));
            } else if (line.startsWith("event: ")) {
                event = line.substring("event: ".length());
            } else if (line.startsWith("data: ")) {
                data.add(line.substring("data: ".length()));
            }
        }
        return null;
    }
}
