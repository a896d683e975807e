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
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.JsonFormatter;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

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
        out.writeTree(format(request));
    }

    @Override
    public AssistantMessage read(JsonParser in) {
        return parse(WireJson.MAPPER.readTree(in));
    }

    JsonNode format(ChatRequest request) {
        ObjectNode body = WireJson.MAPPER.createObjectNode();
        ArrayNode contents = body.putArray("contents");
        StringBuilder system = new StringBuilder();
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> system.append(system.isEmpty() ? "" : "\n\n").append(s.text());
                case UserMessage u -> {
                    ArrayNode parts = userParts(contents);
                    u.content().forEach(t -> parts.addObject().put("text", t.text()));
                }
                case ToolMessage t -> {
                    ArrayNode parts = userParts(contents);
                    for (ToolResultBlock result : t.results()) {
                        ObjectNode response = parts.addObject().putObject("functionResponse")
                                .put("name", result.toolName()).putObject("response");
                        response.put(result.error() ? "error" : "result", result.content());
                    }
                }
                case AssistantMessage a -> model(contents.addObject(), a);
            }
        }
        if (!system.isEmpty()) {
            ObjectNode instruction = body.putObject("systemInstruction").put("role", "user");
            instruction.putArray("parts").addObject().put("text", system.toString());
        }
        if (!request.tools().isEmpty()) {
            body.putRawValue("tools", new tools.jackson.databind.util.RawValue(tools.get(request.tools()).getValue()));
            String mode = switch (request.options().toolChoice()) {
                case AUTO -> "AUTO";
                case REQUIRED -> "ANY";
                case NONE -> "NONE";
            };
            body.putObject("toolConfig").putObject("functionCallingConfig").put("mode", mode);
        }
        ObjectNode generation = WireJson.MAPPER.createObjectNode();
        request.options().temperature().ifPresent(t -> generation.put("temperature", t));
        request.options().maxTokens().ifPresent(m -> generation.put("maxOutputTokens", m));
        request.options().topP().ifPresent(p -> generation.put("topP", p));
        if (!request.options().stop().isEmpty()) {
            request.options().stop().forEach(generation.putArray("stopSequences")::add);
        }
        request.options().seed().ifPresent(s -> generation.put("seed", s));
        if (includeThoughts) {
            generation.putObject("thinkingConfig").put("includeThoughts", true);
        }
        // Gemini refuses a JSON response format together with function calling: with tools on offer,
        // the answer is checked afterwards instead.
        request.options().responseSchema().filter(schema -> request.tools().isEmpty()
                || request.options().toolChoice() == ToolChoice.NONE).ifPresent(schema -> generation
                .put("responseMimeType", "application/json")
                .set("responseJsonSchema", WireJson.MAPPER.valueToTree(schema)));
        if (!generation.isEmpty()) {
            body.set("generationConfig", generation);
        }
        return body;
    }

    private static ArrayNode userParts(ArrayNode contents) {
        if (!contents.isEmpty()) {
            JsonNode last = contents.get(contents.size() - 1);
            if ("user".equals(last.path("role").asString(""))) {
                return (ArrayNode) last.path("parts");
            }
        }
        return contents.addObject().put("role", "user").putArray("parts");
    }

    private static void model(ObjectNode out, AssistantMessage message) {
        out.put("role", "model");
        ArrayNode parts = out.putArray("parts");
        for (ContentBlock block : message.content()) {
            switch (block) {
                case TextBlock t -> {
                    if (!t.text().isEmpty()) {
                        parts.addObject().put("text", t.text());
                    }
                }
                case ReasoningBlock r -> {
                    // Thought summaries are for reading; Gemini does not take them back.
                }
                case ToolCall c -> {
                    ObjectNode part = parts.addObject();
                    part.putObject("functionCall").put("name", c.name())
                            .set("args", WireJson.objectOrEmpty(c.arguments()));
                    c.signature().ifPresent(s -> part.put("thoughtSignature", s));
                }
                case ToolResultBlock r -> throw new IllegalStateException("model turns hold no tool results");
            }
        }
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

    AssistantMessage parse(JsonNode response) {
        List<ContentBlock> blocks = new ArrayList<>();
        JsonNode candidate = response.path("candidates").path(0);
        int calls = 0;
        for (JsonNode part : candidate.path("content").path("parts")) {
            if (part.has("functionCall")) {
                blocks.add(toolCall(response, part, calls++));
            } else if (part.path("thought").asBoolean(false)) {
                blocks.add(ReasoningBlock.of(part.path("text").asString("")));
            } else if (part.path("text").isString() && !part.path("text").asString().isEmpty()) {
                blocks.add(new TextBlock(part.path("text").asString()));
            }
        }
        return new AssistantMessage(blocks, usage(response.path("usageMetadata")),
                stopReason(candidate.path("finishReason").asString(""), calls > 0));
    }

    static ToolCall toolCall(JsonNode response, JsonNode part, int index) {
        JsonNode call = part.path("functionCall");
        String id = call.path("id").asString("");
        if (id.isEmpty()) {
            String responseId = response.path("responseId").asString("");
            id = (responseId.isEmpty() ? "call" : responseId) + "_" + index;
        }
        JsonNode args = call.path("args");
        return new ToolCall(id, call.path("name").asString(), args.isObject() ? args.toString() : "{}",
                Optional.of(part.path("thoughtSignature").asString("")).filter(s -> !s.isEmpty()));
    }

    static Usage usage(JsonNode usage) {
        long thoughts = usage.path("thoughtsTokenCount").asLong(0);
        return new Usage(usage.path("promptTokenCount").asLong(0), usage.path("candidatesTokenCount").asLong(0) + thoughts,
                usage.path("cachedContentTokenCount").asLong(0), thoughts);
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
