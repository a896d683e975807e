package io.agentloop.providers.anthropic;

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
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.JsonFormatter;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Anthropic Messages: system prompts go to {@code system}; messages alternate user/assistant, so
 * tool results travel as {@code tool_result} blocks of a user message, merged with the user text
 * that follows; thinking and redacted thinking go back exactly as received, signatures included.
 */
public final class AnthropicFormatter implements JsonFormatter {
    private final String model;
    private final boolean stream;
    private final int defaultMaxTokens;
    private final OptionalInt thinkingBudget;
    /** The name of the tool a structured answer is given with. */
    static final String RESPOND = "respond";
    private final ToolDefinitionCache tools = new ToolDefinitionCache(AnthropicFormatter::toolDefinitions);

    public AnthropicFormatter(String model, boolean stream, int defaultMaxTokens, OptionalInt thinkingBudget) {
        this.model = model;
        this.stream = stream;
        this.defaultMaxTokens = defaultMaxTokens;
        this.thinkingBudget = thinkingBudget;
    }

    @Override
    public String id() {
        return "anthropic";
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
        body.put("model", model);
        body.put("max_tokens", request.options().maxTokens().orElse(defaultMaxTokens));
        StringBuilder system = new StringBuilder();
        ArrayNode messages = body.putArray("messages");
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> system.append(system.isEmpty() ? "" : "\n\n").append(s.text());
                case UserMessage u -> {
                    ArrayNode content = userContent(messages);
                    u.content().forEach(t -> content.addObject().put("type", "text").put("text", t.text()));
                }
                case ToolMessage t -> {
                    ArrayNode content = userContent(messages);
                    for (ToolResultBlock result : t.results()) {
                        ObjectNode block = content.addObject().put("type", "tool_result")
                                .put("tool_use_id", result.toolCallId()).put("content", result.content());
                        if (result.error()) {
                            block.put("is_error", true);
                        }
                    }
                }
                case AssistantMessage a -> assistant(messages.addObject(), a);
            }
        }
        if (!system.isEmpty()) {
            body.put("system", system.toString());
        }
        Optional<Map<String, Object>> answerSchema = request.options().responseSchema();
        if (!request.tools().isEmpty() || answerSchema.isPresent()) {
            if (answerSchema.isPresent()) {
                ArrayNode definitions = (ArrayNode) toolDefinitions(request.tools());
                definitions.add(respondTool(answerSchema.get()));
                body.set("tools", definitions);
            } else {
                body.putRawValue("tools", new tools.jackson.databind.util.RawValue(tools.get(request.tools()).getValue()));
            }
            String choice = switch (request.options().toolChoice()) {
                case AUTO -> answerSchema.isPresent() && thinkingBudget.isEmpty() ? "any" : "auto";
                case REQUIRED -> "any";
                case NONE -> "none";
            };
            ObjectNode toolChoice = body.putObject("tool_choice");
            if (answerSchema.isPresent() && request.tools().isEmpty() && thinkingBudget.isEmpty()) {
                toolChoice.put("type", "tool").put("name", RESPOND);
            } else {
                toolChoice.put("type", choice);
            }
        }
        request.options().temperature().ifPresent(t -> body.put("temperature", t));
        request.options().topP().ifPresent(p -> body.put("top_p", p));
        if (!request.options().stop().isEmpty()) {
            request.options().stop().forEach(body.putArray("stop_sequences")::add);
        }
        thinkingBudget.ifPresent(budget -> body.putObject("thinking").put("type", "enabled")
                .put("budget_tokens", budget));
        if (stream) {
            body.put("stream", true);
        }
        return body;
    }

    /** The content of the last message if it is a user message, else of a new user message. */
    private static ArrayNode userContent(ArrayNode messages) {
        if (!messages.isEmpty()) {
            JsonNode last = messages.get(messages.size() - 1);
            if ("user".equals(last.path("role").asString(""))) {
                return (ArrayNode) last.path("content");
            }
        }
        ObjectNode message = messages.addObject().put("role", "user");
        return message.putArray("content");
    }

    private static void assistant(ObjectNode out, AssistantMessage message) {
        out.put("role", "assistant");
        ArrayNode content = out.putArray("content");
        for (ContentBlock block : message.content()) {
            switch (block) {
                case ReasoningBlock r when r.redacted() ->
                        content.addObject().put("type", "redacted_thinking").put("data", r.redactedData().orElseThrow());
                case ReasoningBlock r -> {
                    // Unsigned reasoning came from another provider: Anthropic would refuse it.
                    if (r.signature().isPresent()) {
                        content.addObject().put("type", "thinking").put("thinking", r.text())
                                .put("signature", r.signature().get());
                    }
                }
                case TextBlock t -> {
                    if (!t.text().isEmpty()) {
                        content.addObject().put("type", "text").put("text", t.text());
                    }
                }
                case ToolCall c -> content.addObject().put("type", "tool_use").put("id", c.id()).put("name", c.name())
                        .set("input", WireJson.objectOrEmpty(c.arguments()));
                case ToolResultBlock r -> throw new IllegalStateException("assistant messages hold no tool results");
            }
        }
    }


    static JsonNode toolDefinitions(List<ToolSpec> specs) {
        ArrayNode tools = WireJson.MAPPER.createArrayNode();
        for (ToolSpec spec : specs) {
            tools.addObject().put("name", spec.name()).put("description", spec.description())
                    .set("input_schema", WireJson.MAPPER.valueToTree(spec.parameters()));
        }
        return tools;
    }

    /**
     * The tool a structured answer is given with: Anthropic has no response format, so the answer is
     * the input of this tool, which the request makes the model call (or call another tool first).
     * The schema goes under {@code value}, since a tool's input must be an object.
     */
    static ObjectNode respondTool(Map<String, Object> schema) {
        ObjectNode tool = WireJson.MAPPER.createObjectNode().put("name", RESPOND)
                .put("description", "Give your final answer: call this with the answer as its value, once you "
                        + "need no other tool.");
        ObjectNode input = tool.putObject("input_schema").put("type", "object");
        input.putObject("properties").set("value", WireJson.MAPPER.valueToTree(schema));
        input.putArray("required").add("value");
        input.put("additionalProperties", false);
        return tool;
    }

    /** The answer in a call of the respond tool, as JSON text. */
    static String answer(JsonNode respondInput) {
        return respondInput.path("value").toString();
    }

    /** Decodes a complete {@code message} response. Server-side tool blocks are not ours to run. */
    AssistantMessage parse(JsonNode response) {
        List<ContentBlock> blocks = new ArrayList<>();
        for (JsonNode block : response.path("content")) {
            switch (block.path("type").asString("")) {
                case "text" -> blocks.add(new TextBlock(block.path("text").asString("")));
                case "thinking" -> blocks.add(new ReasoningBlock(block.path("thinking").asString(""),
                        Optional.of(block.path("signature").asString("")).filter(s -> !s.isEmpty()), Optional.empty()));
                case "redacted_thinking" -> blocks.add(new ReasoningBlock("", Optional.empty(),
                        Optional.of(block.path("data").asString(""))));
                case "tool_use" -> blocks.add(block.path("name").asString().equals(RESPOND)
                        ? new TextBlock(answer(block.path("input")))
                        : ToolCall.of(block.path("id").asString(), block.path("name").asString(),
                                block.path("input").toString()));
                default -> {
                    // server_tool_use and its results run on Anthropic's side
                }
            }
        }
        StopReason reason = stopReason(response.path("stop_reason").asString(""));
        boolean called = blocks.stream().anyMatch(ToolCall.class::isInstance);
        return new AssistantMessage(blocks, usage(response.path("usage")),
                reason == StopReason.TOOL_CALLS && !called ? StopReason.END_TURN : reason);
    }

    /** Anthropic counts cached prompt tokens apart; the platform's input count includes them. */
    static Usage usage(JsonNode usage) {
        long cacheRead = usage.path("cache_read_input_tokens").asLong(0);
        long cacheWrite = usage.path("cache_creation_input_tokens").asLong(0);
        return new Usage(usage.path("input_tokens").asLong(0) + cacheRead + cacheWrite,
                usage.path("output_tokens").asLong(0), cacheRead,
                usage.path("output_tokens_details").path("thinking_tokens").asLong(0));
    }

    static StopReason stopReason(String reason) {
        return switch (reason) {
            case "end_turn" -> StopReason.END_TURN;
            case "tool_use" -> StopReason.TOOL_CALLS;
            case "max_tokens" -> StopReason.MAX_TOKENS;
            case "stop_sequence" -> StopReason.STOP_SEQUENCE;
            case "refusal" -> StopReason.CONTENT_FILTER;
            default -> StopReason.OTHER;
        };
    }
}
