package io.agentloop.providers;

import static org.assertj.core.api.Assertions.assertThat;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.gemini.GeminiProvider;
import io.agentloop.providers.openai.OpenAiChatProvider;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A call's own choice of streaming ({@link ChatOptions#stream()}) over the model's {@code stream}
 * setting: what the body asks, where it posts, and how the answer is read, against recorded replies.
 */
class StreamingPerCallTest {
    private final ProviderServer server = new ProviderServer();

    @AfterEach
    void close() {
        server.close();
    }

    private static ChatRequest hello(ChatOptions options) {
        return new ChatRequest(List.of(UserMessage.of("Count to five")), List.of(), options);
    }

    @Test
    void aCallAsksForDeltasFromAModelSetNotToStream() {
        server.enqueue(Fixtures.response("openai-chat", "stream-text-usage.sse", 200));
        ChatModel model = server.model(new OpenAiChatProvider(), "gpt-test", "/v1", Map.of("stream", "false"));

        Collected answer = Collected.from(model.stream(hello(ChatOptions.DEFAULTS.withStream(true)),
                CancellationSignal.never()));

        assertThat(server.take().body().path("stream").asBoolean()).isTrue();
        assertThat(answer.events().stream().filter(StreamEvent.TextDelta.class::isInstance).count())
                .as("the answer as it was written, in pieces").isGreaterThan(1);
    }

    @Test
    void aCallAsksForAWholeAnswerFromAStreamingModel() {
        server.enqueue(Fixtures.response("openai-chat", "text.json", 200));
        ChatModel model = server.model(new OpenAiChatProvider(), "gpt-test", "/v1", Map.of());

        Collected answer = Collected.from(model.stream(hello(ChatOptions.DEFAULTS.withStream(false)),
                CancellationSignal.never()));

        assertThat(server.take().body().has("stream")).isFalse();
        assertThat(answer.text()).startsWith("Hello!");
    }

    @Test
    void anApiWithAnotherAddressForStreamingIsPostedWhereTheCallSays() {
        server.enqueue(Fixtures.response("gemini", "stream-text.sse", 200));
        ChatModel model = server.model(new GeminiProvider(), "gemini-test", "/v1beta", Map.of("stream", "false"));

        Collected.from(model.stream(hello(ChatOptions.DEFAULTS.withStream(true)), CancellationSignal.never()));

        assertThat(server.take().path()).endsWith(":streamGenerateContent");
    }
}
