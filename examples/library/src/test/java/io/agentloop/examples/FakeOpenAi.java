package io.agentloop.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A scripted OpenAI Chat Completions server on loopback, answering each request with the next
 * streamed turn, and the examples' settings pointed at it (the system properties their {@code
 * model()} reads first). Close it after the test: it stops and clears them.
 */
public final class FakeOpenAi implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> PROPERTIES = List.of("openai.base-url", "openai.api-key", "openai.model");
    private final MockWebServer server = new MockWebServer();
    private int calls;

    public FakeOpenAi() {
        try {
            server.start(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String base = server.url("/v1").toString();
        System.setProperty("openai.base-url", base);
        System.setProperty("openai.api-key", "test-key");
        System.setProperty("openai.model", "test-model");
    }

    /** The next turn calls one tool with these arguments (a JSON object). */
    public FakeOpenAi toolCall(String name, String arguments) {
        String id = "call_" + ++calls;
        return turn(chunk(Map.of("role", "assistant", "tool_calls", List.of(Map.of("index", 0, "id", id,
                "type", "function", "function", Map.of("name", name, "arguments", arguments))))), finish("tool_calls"),
                usage(), "data: [DONE]\n\n");
    }

    /** The next turn answers with this text, streamed in these pieces. */
    public FakeOpenAi answer(String... pieces) {
        return turn(answerEvents(pieces).toArray(String[]::new));
    }

    /** The next turn's events, as a body the test writes itself (to hold part of it back). */
    public FakeOpenAi enqueue(MockResponseBody body) {
        server.enqueue(response().body(body).build());
        return this;
    }

    /** The {@code data:} events of an answer in these pieces, with its end and usage. */
    public static List<String> answerEvents(String... pieces) {
        List<String> events = new ArrayList<>();
        for (String piece : pieces) {
            events.add(chunk(Map.of("content", piece)));
        }
        events.add(finish("stop"));
        events.add(usage());
        events.add("data: [DONE]\n\n");
        return events;
    }

    /** The body of each request received so far, in order. */
    public List<JsonNode> requests() {
        List<JsonNode> bodies = new ArrayList<>();
        try {
            RecordedRequest request;
            while ((request = server.takeRequest(0, TimeUnit.SECONDS)) != null) {
                bodies.add(JSON.readTree(request.getBody().utf8()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        return bodies;
    }

    /** The last message of a request: what the model was sent last (the task, a tool's result). */
    public static JsonNode lastMessage(JsonNode request) {
        JsonNode messages = request.path("messages");
        return messages.get(messages.size() - 1);
    }

    private FakeOpenAi turn(String... events) {
        server.enqueue(response().body(String.join("", events)).build());
        return this;
    }

    /**
     * A streamed response on a connection the client does not keep: the server's close would
     * otherwise wait seconds for each idle kept-alive connection.
     */
    private static MockResponse.Builder response() {
        return new MockResponse.Builder().addHeader("Content-Type", "text/event-stream")
                .addHeader("Connection", "close");
    }

    private static String chunk(Map<String, Object> delta) {
        return event(Map.of("id", "chatcmpl-1", "object", "chat.completion.chunk", "model", "test-model",
                "choices", List.of(Map.of("index", 0, "delta", delta))));
    }

    private static String finish(String reason) {
        return event(Map.of("id", "chatcmpl-1", "object", "chat.completion.chunk", "model", "test-model",
                "choices", List.of(Map.of("index", 0, "delta", Map.of(), "finish_reason", reason))));
    }

    /** Every turn reports 25 tokens, so a test can count the turns a run's usage holds. */
    private static String usage() {
        return event(Map.of("id", "chatcmpl-1", "object", "chat.completion.chunk", "model", "test-model",
                "choices", List.of(),
                "usage", Map.of("prompt_tokens", 20, "completion_tokens", 5, "total_tokens", 25)));
    }

    private static String event(Map<String, Object> json) {
        return "data: " + JSON.writeValueAsString(json) + "\n\n";
    }

    @Override
    public void close() {
        PROPERTIES.forEach(System::clearProperty);
        server.close();
    }
}
