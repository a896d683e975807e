package io.agentloop.launcher;

import io.agentloop.testkit.OpenAiChatStreams;
import io.agentloop.testkit.OpenAiChatStreams.Call;
import mockwebserver3.MockResponse;
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

    private static MockResponse sse(String body) {
        return new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream").body(body).build();
    }
}
