package io.agentloop.launcher;

import io.agentloop.testkit.OpenAiChatStreams.Call;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A fake OpenAI-compatible model for many runs at once, each doing what its task says: {@code
 * call:write} asks for one {@code counting_write} (which the rules ask about, so a served run
 * pauses), {@code hang} is never answered (until the server closes: a run to cancel), {@code hold}
 * is answered "held, then done" once {@link #release()} was called (or the server closes),
 * {@code bash:COMMAND} runs COMMAND (the rest of the task) with the bash tool, {@code answer:TEXT}
 * answers TEXT word by word; after a tool's result it answers "Done.".
 */
final class TaskModel extends Dispatcher {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern ANSWER = Pattern.compile("answer:(.*)$", Pattern.DOTALL);
    private final String counter;
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private final CountDownLatch holding = new CountDownLatch(1);
    private final java.util.Queue<String> bodies = new java.util.concurrent.ConcurrentLinkedQueue<>();

    /** {@code counter}: the file each write appends a line to. */
    TaskModel(String counter) {
        this.counter = counter;
    }

    /** How many model calls were made. */
    int requests() {
        return requests.get();
    }

    /** The bodies of the requests so far. */
    List<String> bodies() {
        return List.copyOf(bodies);
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        requests.incrementAndGet();
        String body = request.getBody() == null ? "{}" : request.getBody().utf8();
        bodies.add(body);
        JsonNode messages = JSON.readTree(body).path("messages");
        JsonNode last = messages.isEmpty() ? JSON.missingNode() : messages.get(messages.size() - 1);
        String task = "";
        for (JsonNode message : messages) {
            if (message.path("role").asString("").equals("user")) {
                task = text(message.path("content"));
            }
        }
        boolean asked = last.path("role").asString("").equals("user");
        if (asked && task.contains("hang")) {
            closed.await();
            return new MockResponse.Builder().code(503).build();
        }
        if (asked && task.equals("hold")) {
            holding.countDown();
            released.await();
            return FakeOpenAi.answer("held, ", "then done");
        }
        if (asked && task.contains("call:write")) {
            return FakeOpenAi.toolCalls(new Call("call_" + calls.incrementAndGet(), "counting_write",
                    "{\"path\":\"out.txt\",\"text\":\"hello\",\"counter\":" + JSON.writeValueAsString(counter) + "}"));
        }
        if (asked && task.startsWith("bash:")) {
            return FakeOpenAi.toolCalls(new Call("call_" + calls.incrementAndGet(), "bash",
                    JSON.createObjectNode().put("command", task.substring(5)).toString()));
        }
        Matcher answer = ANSWER.matcher(task);
        String text = answer.find() && asked ? answer.group(1).strip() : "Done.";
        return FakeOpenAi.answer(text.split("(?<= )"));
    }

    private static String text(JsonNode content) {
        if (content.isString()) {
            return content.asString();
        }
        StringBuilder text = new StringBuilder();
        content.forEach(part -> text.append(part.path("text").asString("")));
        return text.toString();
    }

    /** Waits until a {@code hold} task's model call is held. */
    boolean awaitHolding() throws InterruptedException {
        return holding.await(5, java.util.concurrent.TimeUnit.MINUTES);
    }

    /** Answers the {@code hold} task's held call. */
    void release() {
        released.countDown();
    }

    @Override
    public void close() {
        closed.countDown();
        released.countDown();
    }
}
