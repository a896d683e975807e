package io.agentloop.providers.responses;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.JsonFormatter;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.StrictSchema;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * The OpenAI Responses API: the conversation is a list of input items (messages,
 * {@code function_call}, {@code function_call_output}); the answer is a list of output items
 * ({@code reasoning} with its summary, {@code message}, {@code function_call}). Calls are matched
 * to results by {@code call_id}. Requests are sent with {@code store: false}; reasoning items are
 * not sent back (they would need their stored ids).
 */
public final class ResponsesFormatter implements JsonFormatter {
    private final String model;
    /** Whether calls stream unless the request says ({@link io.agentloop.api.model.ChatOptions#stream()}). */
    private final boolean stream;
    private final ToolDefinitionCache tools = new ToolDefinitionCache(ResponsesFormatter::toolDefinitions);

    public ResponsesFormatter(String model, boolean stream) {
        this.model = model;
        this.stream = stream;
    }

    @Override
    public String id() {
        return "openai-responses";
    }

    @Override
    public void write(ChatRequest request, JsonGenerator out) {
        out.writeStartObject();
        out.writeStringProperty("model", model);
        out.writeArrayPropertyStart("input");
        // System messages become the instructions, joined; one (the usual case) is used as it is.
        String instructions = "";
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> instructions = instructions.isEmpty() ? s.text()
                        : instructions + "\n\n" + s.text();
                case UserMessage u -> {
                    out.writeStartObject();
                    out.writeStringProperty("role", "user");
                    out.writeStringProperty("content", u.text());
                    out.writeEndObject();
                }
                case AssistantMessage a -> assistant(out, a);
                case ToolMessage t -> {
                    for (ToolResultBlock result : t.results()) {
                        out.writeStartObject();
                        out.writeStringProperty("type", "function_call_output");
                        out.writeStringProperty("call_id", result.toolCallId());
                        out.writeStringProperty("output", result.content());
                        out.writeEndObject();
                    }
                }
            }
        }
        out.writeEndArray();
        if (!instructions.isEmpty()) {
            out.writeStringProperty("instructions", instructions);
        }
        ChatOptions options = request.options();
        if (!request.tools().isEmpty()) {
            out.writeName("tools");
            out.writeRawValue(tools.get(request.tools()));
            out.writeStringProperty("tool_choice", options.toolChoice().name().toLowerCase(Locale.ROOT));
        }
        options.temperature().ifPresent(t -> out.writeNumberProperty("temperature", t));
        options.maxTokens().ifPresent(m -> out.writeNumberProperty("max_output_tokens", m));
        options.topP().ifPresent(p -> out.writeNumberProperty("top_p", p));
        options.reasoningEffort().ifPresent(effort -> {
            out.writeObjectPropertyStart("reasoning");
            out.writeStringProperty("effort", effort);
            out.writeEndObject();
        });
        options.responseSchema().ifPresent(schema -> {
            out.writeObjectPropertyStart("text");
            out.writeObjectPropertyStart("format");
            out.writeStringProperty("type", "json_schema");
            out.writeStringProperty("name", "answer");
            out.writeBooleanProperty("strict", StrictSchema.compatible(schema));
            out.writePOJOProperty("schema", schema);
            out.writeEndObject();
            out.writeEndObject();
        });
        out.writeBooleanProperty("store", false);
        if (request.options().stream().orElse(stream)) {
            out.writeBooleanProperty("stream", true);
        }
        out.writeEndObject();
    }

    private static void assistant(JsonGenerator out, AssistantMessage message) {
        String text = message.text();
        if (!text.isEmpty()) {
            out.writeStartObject();
            out.writeStringProperty("type", "message");
            out.writeStringProperty("role", "assistant");
            out.writeArrayPropertyStart("content");
            out.writeStartObject();
            out.writeStringProperty("type", "output_text");
            out.writeStringProperty("text", text);
            out.writeEndObject();
            out.writeEndArray();
            out.writeEndObject();
        }
        for (ToolCall call : message.toolCalls()) {
            out.writeStartObject();
            out.writeStringProperty("type", "function_call");
            out.writeStringProperty("call_id", call.id());
            out.writeStringProperty("name", call.name());
            out.writeStringProperty("arguments", call.arguments());
            out.writeEndObject();
        }
    }

    static JsonNode toolDefinitions(List<ToolSpec> specs) {
        ArrayNode tools = WireJson.MAPPER.createArrayNode();
        for (ToolSpec spec : specs) {
            tools.addObject().put("type", "function").put("name", spec.name()).put("description", spec.description())
                    .set("parameters", WireJson.MAPPER.valueToTree(spec.parameters()));
        }
        return tools;
    }

    /** Reads a complete response: its output items in order, its usage and its status. */
    @Override
    public AssistantMessage read(JsonParser in) {
        List<ContentBlock> blocks = new ArrayList<>();
        Usage[] usage = {Usage.ZERO};
        ResponseStatus status = new ResponseStatus();
        boolean[] calls = {false};
        JsonRead.document(in, (name, value) -> {
            switch (name) {
                case "output" -> JsonRead.array(value, item -> calls[0] |= OutputItem.read(item).addTo(blocks));
                case "usage" -> usage[0] = usage(value);
                default -> status.read(name, value);
            }
        });
        return new AssistantMessage(blocks, usage[0], status.stopReason(calls[0]));
    }

    /** The {@code usage} object the parser is on; zero if it is not one. */
    static Usage usage(JsonParser usage) {
        long[] counts = new long[4];
        JsonRead.object(usage, (name, value) -> {
            switch (name) {
                case "input_tokens" -> counts[0] = JsonRead.number(value);
                case "output_tokens" -> counts[1] = JsonRead.number(value);
                case "input_tokens_details" -> JsonRead.object(value, (field, v) -> {
                    if (field.equals("cached_tokens")) {
                        counts[2] = JsonRead.number(v);
                    }
                });
                case "output_tokens_details" -> JsonRead.object(value, (field, v) -> {
                    if (field.equals("reasoning_tokens")) {
                        counts[3] = JsonRead.number(v);
                    }
                });
                default -> {
                }
            }
        });
        return new Usage(counts[0], counts[1], counts[2], counts[3]);
    }
}
