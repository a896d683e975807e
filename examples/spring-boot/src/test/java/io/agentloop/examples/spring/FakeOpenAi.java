package io.agentloop.examples.spring;

import mockwebserver3.MockResponse;
import tools.jackson.databind.json.JsonMapper;

/**
 * Scripted OpenAI-compatible responses for the example's test, in the streaming format of the recorded
 * fixtures: tool calls (one or several in a turn), then a text answer, each with a usage chunk and {@code [DONE]}.
 */
final class FakeOpenAi {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private FakeOpenAi() {
    }

    /** One tool call the model asks for: its id, the tool's name and the arguments as JSON text. */
    record Call(String id, String name, String arguments) {
    }

    static MockResponse toolCall(String id, String name, String arguments) {
        return toolCalls(new Call(id, name, arguments));
    }

    /** One model turn asking for several tool calls at once, each streamed as the recorded fixtures do. */
    static MockResponse toolCalls(Call... calls) {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < calls.length; i++) {
            Call call = calls[i];
            body.append("data: {\"choices\":[{\"index\":0,\"delta\":{").append(i == 0 ? "\"role\":\"assistant\"," : "")
                    .append("\"tool_calls\":[{\"index\":").append(i).append(",\"id\":\"").append(call.id())
                    .append("\",\"type\":\"function\",\"function\":{\"name\":\"").append(call.name())
                    .append("\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}\n\n");
            body.append("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":").append(i)
                    .append(",\"function\":{\"arguments\":").append(JSON.writeValueAsString(call.arguments()))
                    .append("}}]},\"finish_reason\":null}]}\n\n");
        }
        body.append("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n");
        body.append("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":50,\"completion_tokens\":10}}\n\n");
        body.append("data: [DONE]\n\n");
        return sse(body.toString());
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
        StringBuilder body = new StringBuilder();
        for (String chunk : chunks) {
            body.append("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":")
                    .append(JSON.writeValueAsString(chunk)).append("},\"finish_reason\":null}]}\n\n");
        }
        body.append("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n");
        body.append("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":70,\"completion_tokens\":5}}\n\n");
        body.append("data: [DONE]\n\n");
        return sse(body.toString());
    }

    private static MockResponse sse(String body) {
        return new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream").body(body).build();
    }
}
