package io.agentloop.providers;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelProvider;
import io.agentloop.api.model.ModelStream;
import java.util.List;
import java.util.Map;

/** Replays one recorded response of one API through a provider's model on a local server. */
final class FixtureReplay {
    private final ProviderServer server;
    private final ModelProvider provider;
    private final String api;
    private final String basePath;

    FixtureReplay(ProviderServer server, ModelProvider provider, String api, String basePath) {
        this.server = server;
        this.provider = provider;
        this.api = api;
        this.basePath = basePath;
    }

    Collected replay(String file, boolean stream) {
        server.enqueue(Fixtures.response(api, file, 200));
        return Collected.from(model(stream).stream(request(), CancellationSignal.never()));
    }

    RuntimeException failure(String file, int status) {
        server.enqueue(Fixtures.response(api, file, status));
        try (ModelStream stream = model(false).stream(request(), CancellationSignal.never())) {
            throw new AssertionError("expected a failure, got a stream starting with " + stream.next());
        } catch (RuntimeException e) {
            return e;
        }
    }

    ChatModel model(boolean stream) {
        return server.model(provider, "test-model", basePath, Map.of("stream", Boolean.toString(stream)));
    }

    private static ChatRequest request() {
        return ChatRequest.of(List.of(UserMessage.of("hi")), List.of());
    }
}
