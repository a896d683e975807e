package io.agentloop.launcher;

import io.agentloop.testkit.OpenAiChatStreams;
import io.agentloop.testkit.OpenAiChatStreams.Call;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import okio.BufferedSink;
import tools.jackson.databind.json.JsonMapper;

/**
 * Scripted OpenAI-compatible responses for launcher tests, in the streaming format of the recorded
 * fixtures: tool calls (one or several in a turn), then a text answer, each with a usage chunk and {@code [DONE]}.
 */
final class FakeOpenAi {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private FakeOpenAi() {
    }

    static MockResponse toolCall(String id, String name, String arguments) {
        return toolCalls(new Call(id, name, arguments));
    }

    /** One model turn asking for several tool calls, each streamed as the recorded fixtures do. */
    static MockResponse toolCalls(Call... calls) {
        return sse(OpenAiChatStreams.toolCalls(calls));
    }

    /** One model turn asking for several tool calls at once: each call is {@code {id, name, arguments}}. */
    static MockResponse toolCalls(String[]... calls) {
        StringBuilder body = new StringBuilder();
        for (int index = 0; index < calls.length; index++) {
            body.append("data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"index\":")
                    .append(index).append(",\"id\":\"").append(calls[index][0]).append("\",\"type\":\"function\","
                    + "\"function\":{\"name\":\"").append(calls[index][1]).append("\",\"arguments\":")
                    .append(JSON.writeValueAsString(calls[index][2])).append("}}]},\"finish_reason\":null}]}\n\n");
        }
        body.append("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n");
        body.append("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":50,\"completion_tokens\":10}}\n\n");
        body.append("data: [DONE]\n\n");
        return sse(body.toString());
    }

    /** A streamed text answer, one chunk per piece of text (written as JSON strings: any text goes). */
    static MockResponse answer(String... chunks) {
        return sse(OpenAiChatStreams.answer(chunks));
    }

    /**
     * A streamed text answer whose {@code first} chunks go out at once and whose end waits for
     * {@code release}: a model still writing, for as long as the test needs (never a timed delay).
     */
    static MockResponse answerHeldAfter(CountDownLatch release, String... first) {
        String body = OpenAiChatStreams.answer(first);
        int end = body.indexOf("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\"");
        byte[] head = body.substring(0, end).getBytes(StandardCharsets.UTF_8);
        byte[] tail = body.substring(end).getBytes(StandardCharsets.UTF_8);
        return sse("").newBuilder().body(new MockResponseBody() {
            @Override
            public long getContentLength() {
                return head.length + tail.length;
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                sink.write(head).flush();
                try {
                    release.await(Await.LIMIT.toMinutes(), TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                sink.write(tail).flush();
            }
        }).build();
    }

    private static MockResponse sse(String body) {
        return new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream").body(body).build();
    }
}
