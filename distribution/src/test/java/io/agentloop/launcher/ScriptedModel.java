package io.agentloop.launcher;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;

/**
 * The fake endpoint's turns for tests whose runs span several processes: the responses in order,
 * one of them possibly held (never answered: the process that asked is killed while it waits), and
 * every request's body kept in the order they came. A request beyond the script is answered with an
 * error the launcher does not retry, so a run that asks the model once too often ends at once and
 * says why instead of waiting for an answer that never comes.
 */
final class ScriptedModel extends Dispatcher {
    /** Holds the request it answers until the server closes. */
    private static final MockResponse HOLD = new MockResponse.Builder().code(599).build();

    private final Deque<MockResponse> script = new ArrayDeque<>();
    private final List<String> requests = new ArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);

    /** Answers the next request with {@code response}. */
    synchronized ScriptedModel then(MockResponse response) {
        script.add(response);
        return this;
    }

    /** The next request is held, unanswered, until the server closes. */
    synchronized ScriptedModel thenHold() {
        script.add(HOLD);
        return this;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        MockResponse next;
        synchronized (this) {
            requests.add(request.getBody() == null ? "" : request.getBody().utf8());
            next = script.poll();
        }
        if (next == HOLD) {
            closed.await();
            return new MockResponse.Builder().code(503).build();
        }
        return next != null ? next : new MockResponse.Builder().code(400).addHeader("Content-Type",
                "application/json").body("{\"error\":{\"message\":\"the test scripted no more model turns\","
                + "\"type\":\"invalid_request_error\"}}").build();
    }

    /** The bodies of the requests so far, in the order they came. */
    synchronized List<String> requests() {
        return List.copyOf(requests);
    }

    /** The body of request {@code n} (from 1), if it came. */
    synchronized Optional<String> request(int n) {
        return n <= requests.size() ? Optional.of(requests.get(n - 1)) : Optional.empty();
    }

    @Override
    public void close() {
        closed.countDown();
    }
}
