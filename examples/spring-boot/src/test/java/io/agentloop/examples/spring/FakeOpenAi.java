package io.agentloop.examples.spring;

import io.agentloop.testkit.OpenAiChatStreams;
import mockwebserver3.MockResponse;

/** Scripted OpenAI-compatible responses for the example's test: the test kit's streamed bodies, served as events. */
final class FakeOpenAi {
    private FakeOpenAi() {
    }

    static MockResponse toolCall(String id, String name, String arguments) {
        return sse(OpenAiChatStreams.toolCalls(new OpenAiChatStreams.Call(id, name, arguments)));
    }

    static MockResponse answer(String... chunks) {
        return sse(OpenAiChatStreams.answer(chunks));
    }

    private static MockResponse sse(String body) {
        return new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream").body(body).build();
    }
}
