package io.agentloop.testkit;

import java.util.Objects;
import tools.jackson.databind.json.JsonMapper;

/**
 * Bodies of streamed OpenAI Chat Completions responses, as the API sends them (Server-Sent Events, a
 * usage chunk, {@code [DONE]}), for a test's loopback server to answer with: a turn asking for tool
 * calls, or a text answer. Texts are written as JSON strings, so any text goes.
 */
public final class OpenAiChatStreams {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private OpenAiChatStreams() {
    }

    /** One tool call the model asks for: its id, the tool's name and the arguments as JSON text. */
    public record Call(String id, String name, String arguments) {
        public Call {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(arguments, "arguments");
        }
    }

    /**
     * One model turn asking for tool calls, each streamed as the API does: its id and name first, then
     * its arguments in a chunk of their own.
     */
    public static String toolCalls(Call... calls) {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < calls.length; i++) {
            Call call = calls[i];
            body.append("data: {\"choices\":[{\"index\":0,\"delta\":{").append(i == 0 ? "\"role\":\"assistant\"," : "")
                    .append("\"tool_calls\":[{\"index\":").append(i).append(",\"id\":").append(JSON.writeValueAsString(call.id()))
                    .append(",\"type\":\"function\",\"function\":{\"name\":").append(JSON.writeValueAsString(call.name()))
                    .append(",\"arguments\":\"\"}}]},\"finish_reason\":null}]}\n\n");
            body.append("data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":").append(i)
                    .append(",\"function\":{\"arguments\":").append(JSON.writeValueAsString(call.arguments()))
                    .append("}}]},\"finish_reason\":null}]}\n\n");
        }
        body.append("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n");
        body.append("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":50,\"completion_tokens\":10}}\n\n");
        body.append("data: [DONE]\n\n");
        return body.toString();
    }

    /** A streamed text answer, one chunk per piece of text. */
    public static String answer(String... chunks) {
        StringBuilder body = new StringBuilder();
        for (String chunk : chunks) {
            body.append("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":")
                    .append(JSON.writeValueAsString(chunk)).append("},\"finish_reason\":null}]}\n\n");
        }
        body.append("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n");
        body.append("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":70,\"completion_tokens\":5}}\n\n");
        body.append("data: [DONE]\n\n");
        return body.toString();
    }
}
