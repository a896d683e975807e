package io.agentloop.providers.gemini;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.JsonFormatter;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.UserTurn;
import io.agentloop.providers.http.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * Google Gemini {@code generateContent}: {@code contents} with {@code user}/{@code model} roles,
 * system prompts in {@code systemInstruction}, function calls and responses as parts. A function
 * call's {@code thoughtSignature} is kept on the tool call and sent back with it. Gemini gives
 * calls no ids, so they are named after the response id and their position.
 */
public final class GeminiFormatter implements JsonFormatter {
    private final boolean includeThoughts;
    private final ToolDefinitionCache tools = new ToolDefinitionCache(GeminiFormatter::toolDefinitions);

    public GeminiFormatter(boolean includeThoughts) {
        this.includeThoughts = includeThoughts;
    }

    @Override
    public String id() {
        return "gemini";
    }

    @Override
    public void write(ChatRequest request, JsonGenerator out) {
        ChatOptions options = request.options();
        out.writeStartObject();
        out.writeArrayPropertyStart("contents");
        String system = "";
        // Consecutive user text and function responses form one user turn; system prompts in
        // between do not break it, they go to systemInstruction.
        UserTurn user = new UserTurn(out, "parts");
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> system = system.isEmpty() ? s.text() : system + "\n\n" + s.text();
                case UserMessage u -> {
                    user.open();
                    for (TextBlock text : u.content()) {
                        textPart(out, text.text());
                    }
                }
                case ToolMessage t -> {
                    user.open();
                    for (ToolResultBlock result : t.results()) {
                        out.writeStartObject();
                        out.writeObjectPropertyStart("functionResponse");
                        out.writeStringProperty("name", result.toolName());
                        out.writeObjectPropertyStart("response");
                        out.writeStringProperty(result.error() ? "error" : "result", result.content());
                        out.writeEndObject();
                        out.writeEndObject();
                        out.writeEndObject();
                    }
                }
                case AssistantMessage a -> {
                    user.close();
                    model(out, a);
                }
            }
        }
        user.close();
        out.writeEndArray();
        if (!system.isEmpty()) {
            out.writeObjectPropertyStart("systemInstruction");
            out.writeStringProperty("role", "user");
            out.writeArrayPropertyStart("parts");
            textPart(out, system);
            out.writeEndArray();
            out.writeEndObject();
        }
        if (!request.tools().isEmpty()) {
            out.writeName("tools");
            out.writeRawValue(tools.get(request.tools()));
            out.writeObjectPropertyStart("toolConfig");
            out.writeObjectPropertyStart("functionCallingConfig");
            out.writeStringProperty("mode", switch (options.toolChoice()) {
                case AUTO -> "AUTO";
                case REQUIRED -> "ANY";
                case NONE -> "NONE";
            });
            out.writeEndObject();
            out.writeEndObject();
        }
        // Gemini refuses a JSON response format together with function calling: with tools on offer,
        // the answer is checked afterwards instead.
        Optional<Map<String, Object>> schema = options.responseSchema()
                .filter(s -> request.tools().isEmpty() || options.toolChoice() == ToolChoice.NONE);
        if (options.temperature().isPresent() || options.maxTokens().isPresent() || options.topP().isPresent()
                || !options.stop().isEmpty() || options.seed().isPresent() || includeThoughts || schema.isPresent()) {
            out.writeObjectPropertyStart("generationConfig");
            options.temperature().ifPresent(t -> out.writeNumberProperty("temperature", t));
            options.maxTokens().ifPresent(m -> out.writeNumberProperty("maxOutputTokens", m));
            options.topP().ifPresent(p -> out.writeNumberProperty("topP", p));
            if (!options.stop().isEmpty()) {
                out.writeArrayPropertyStart("stopSequences");
                options.stop().forEach(out::writeString);
                out.writeEndArray();
            }
            options.seed().ifPresent(s -> out.writeNumberProperty("seed", s));
            if (includeThoughts) {
                out.writeObjectPropertyStart("thinkingConfig");
                out.writeBooleanProperty("includeThoughts", true);
                out.writeEndObject();
            }
            schema.ifPresent(s -> {
                out.writeStringProperty("responseMimeType", "application/json");
                out.writePOJOProperty("responseJsonSchema", s);
            });
            out.writeEndObject();
        }
        out.writeEndObject();
    }

    private static void textPart(JsonGenerator out, String text) {
        out.writeStartObject();
        out.writeStringProperty("text", text);
        out.writeEndObject();
    }

    private static void model(JsonGenerator out, AssistantMessage message) {
        out.writeStartObject();
        out.writeStringProperty("role", "model");
        out.writeArrayPropertyStart("parts");
        for (ContentBlock block : message.content()) {
            switch (block) {
                case TextBlock t -> {
                    if (!t.text().isEmpty()) {
                        textPart(out, t.text());
                    }
                }
                case ReasoningBlock r -> {
                    // Thought summaries are for reading; Gemini does not take them back.
                }
                case ToolCall c -> {
                    out.writeStartObject();
                    out.writeObjectPropertyStart("functionCall");
                    out.writeStringProperty("name", c.name());
                    out.writeName("args");
                    WireJson.writeObjectOrEmpty(out, c.arguments());
                    out.writeEndObject();
                    c.signature().ifPresent(s -> out.writeStringProperty("thoughtSignature", s));
                    out.writeEndObject();
                }
                case ToolResultBlock r -> throw new IllegalStateException("model turns hold no tool results");
            }
        }
        out.writeEndArray();
        out.writeEndObject();
    }

    static JsonNode toolDefinitions(List<ToolSpec> specs) {
        ArrayNode tools = WireJson.MAPPER.createArrayNode();
        ArrayNode declarations = tools.addObject().putArray("functionDeclarations");
        for (ToolSpec spec : specs) {
            declarations.addObject().put("name", spec.name()).put("description", spec.description())
                    .set("parameters_json_schema", WireJson.MAPPER.valueToTree(spec.parameters()));
        }
        return tools;
    }

    @Override
    public AssistantMessage read(JsonParser in) {
        GeminiResponse response = new GeminiResponse();
        response.read(in);
        List<ContentBlock> blocks = new ArrayList<>(response.parts.size());
        int calls = 0;
        for (GeminiResponse.Part part : response.parts) {
            if (part.call()) {
                blocks.add(toolCall(response, part, calls++));
            } else if (part.thought()) {
                blocks.add(ReasoningBlock.of(part.text() == null ? "" : part.text()));
            } else if (part.text() != null && !part.text().isEmpty()) {
                blocks.add(new TextBlock(part.text()));
            }
        }
        return new AssistantMessage(blocks, response.usage == null ? Usage.ZERO : response.usage,
                stopReason(response.finishReason == null ? "" : response.finishReason, calls > 0));
    }

    static ToolCall toolCall(GeminiResponse response, GeminiResponse.Part part, int index) {
        return new ToolCall(response.callId(part, index), part.name() == null ? "" : part.name(),
                part.arguments() == null ? "{}" : part.arguments(), GeminiResponse.signature(part));
    }

    /** Gemini says STOP after function calls too; the calls decide. */
    static StopReason stopReason(String finishReason, boolean calledTools) {
        return switch (finishReason) {
            case "STOP" -> calledTools ? StopReason.TOOL_CALLS : StopReason.END_TURN;
            case "MAX_TOKENS" -> StopReason.MAX_TOKENS;
            case "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY" ->
                    StopReason.CONTENT_FILTER;
            default -> StopReason.OTHER;
        };
    }
}
