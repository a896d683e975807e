package io.agentloop.launcher;

import mockwebserver3.MockResponse;
import tools.jackson.databind.json.JsonMapper;

/**
 * Scripted OpenAI-compatible responses for launcher tests, in the streaming format of the recorded
 * fixtures: a tool call, then a text answer, each with a usage chunk and {@code [DONE]}.
 */
final class FakeOpenAi {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private FakeOpenAi() {
    }

    static MockResponse toolCall(String id, String name, String arguments) {
        String escaped = arguments.replace("\\", "\\\\").replace("\"", "\\\"");
        return sse("data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,"
                + "\"id\":\"" + id + "\",\"type\":\"function\",\"function\":{\"name\":\"" + name
                + "\",\"arguments\":\"\"}}]},\"finish_reason\":null}]}\n\n"
                + "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":"
                + "{\"arguments\":\"" + escaped + "\"}}]},\"finish_reason\":null}]}\n\n"
                + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
                + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":50,\"completion_tokens\":10}}\n\n"
                + "data: [DONE]\n\n");
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
