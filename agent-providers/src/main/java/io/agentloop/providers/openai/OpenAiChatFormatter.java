package io.agentloop.providers.openai;

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
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.JsonFormatter;
import io.agentloop.providers.http.StrictSchema;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.WireJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI Chat Completions, the format most servers speak (OpenAI, DeepSeek, Qwen, vLLM, llama.cpp,
 * Ollama {@code /v1}, LM Studio, OpenRouter, Groq). One wire message per tool result; reasoning is
 * not sent back (these servers do not take it); tool definitions are serialised once per set.
 */
public final class OpenAiChatFormatter implements JsonFormatter {
    private final String model;
    private final boolean stream;
    private final String maxTokensField;
    private final ToolDefinitionCache tools = new ToolDefinitionCache(OpenAiChatFormatter::toolDefinitions);

    /**
     * @param maxTokensField {@code max_tokens} (most servers) or {@code max_completion_tokens}
     *                       (OpenAI's reasoning models)
     */
    public OpenAiChatFormatter(String model, boolean stream, String maxTokensField) {
        this.model = model;
        this.stream = stream;
        this.maxTokensField = maxTokensField;
    }

    @Override
    public String id() {
        return "openai-chat";
    }

    @Override
    public JsonNode format(ChatRequest request) {
        ObjectNode body = WireJson.MAPPER.createObjectNode();
        body.put("model", model);
        ArrayNode messages = body.putArray("messages");
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> messages.addObject().put("role", "system").put("content", s.text());
                case UserMessage u -> messages.addObject().put("role", "user").put("content", u.text());
                case AssistantMessage a -> assistant(messages.addObject(), a);
                case ToolMessage t -> {
                    for (ToolResultBlock result : t.results()) {
                        messages.addObject().put("role", "tool").put("tool_call_id", result.toolCallId())
                                .put("content", result.content());
                    }
                }
            }
        }
        if (stream) {
            body.put("stream", true);
            body.putObject("stream_options").put("include_usage", true);
        }
        if (!request.tools().isEmpty()) {
            body.putRawValue("tools", tools.get(request.tools()));
            body.put("tool_choice", request.options().toolChoice().name().toLowerCase(Locale.ROOT));
        }
        ChatOptions options = request.options();
        options.temperature().ifPresent(t -> body.put("temperature", t));
        options.maxTokens().ifPresent(m -> body.put(maxTokensField, m));
        options.topP().ifPresent(p -> body.put("top_p", p));
        if (!options.stop().isEmpty()) {
            options.stop().forEach(body.putArray("stop")::add);
        }
        options.seed().ifPresent(s -> body.put("seed", s));
        options.reasoningEffort().ifPresent(e -> body.put("reasoning_effort", e));
        options.responseSchema().ifPresent(schema -> body.putObject("response_format").put("type", "json_schema")
                .putObject("json_schema").put("name", "answer").put("strict", StrictSchema.compatible(schema))
                .set("schema", WireJson.MAPPER.valueToTree(schema)));
        return body;
    }

    private static void assistant(ObjectNode out, AssistantMessage message) {
        out.put("role", "assistant");
        String text = message.text();
        List<ToolCall> calls = message.toolCalls();
        if (!text.isEmpty() || calls.isEmpty()) {
            out.put("content", text);
        }
        if (!calls.isEmpty()) {
            ArrayNode toolCalls = out.putArray("tool_calls");
            for (ToolCall call : calls) {
                ObjectNode entry = toolCalls.addObject().put("id", call.id()).put("type", "function");
                entry.putObject("function").put("name", call.name()).put("arguments", call.arguments());
            }
        }
    }

    /** The {@code tools} array of this format (also used by Ollama's native API). */
    public static JsonNode toolDefinitions(List<ToolSpec> specs) {
        ArrayNode tools = WireJson.MAPPER.createArrayNode();
        for (ToolSpec spec : specs) {
            ObjectNode function = tools.addObject().put("type", "function").putObject("function");
            function.put("name", spec.name()).put("description", spec.description());
            function.set("parameters", WireJson.MAPPER.valueToTree(spec.parameters()));
        }
        return tools;
    }

    /** Decodes a complete {@code chat.completion} response (first choice). */
    @Override
    public AssistantMessage parse(JsonNode response) {
        JsonNode choice = response.path("choices").path(0);
        JsonNode message = choice.path("message");
        List<ContentBlock> blocks = new ArrayList<>();
        String reasoning = reasoningOf(message);
        if (reasoning != null && !reasoning.isEmpty()) {
            blocks.add(ReasoningBlock.of(reasoning));
        }
        if (message.path("content").isString() && !message.path("content").asString().isEmpty()) {
            blocks.add(new TextBlock(message.path("content").asString()));
        }
        for (JsonNode call : message.path("tool_calls")) {
            JsonNode function = call.path("function");
            JsonNode arguments = function.path("arguments");
            blocks.add(ToolCall.of(call.path("id").asString(), function.path("name").asString(),
                    arguments.isString() ? arguments.asString() : arguments.toString()));
        }
        return new AssistantMessage(blocks, usage(response.path("usage")),
                stopReason(choice.path("finish_reason").asString("")));
    }

    /** DeepSeek, vLLM and llama.cpp send {@code reasoning_content}; Ollama and Groq {@code reasoning}. */
    static String reasoningOf(JsonNode messageOrDelta) {
        JsonNode r = messageOrDelta.path("reasoning_content");
        if (!r.isString()) {
            r = messageOrDelta.path("reasoning");
        }
        return r.isString() ? r.asString() : null;
    }

    static Usage usage(JsonNode usage) {
        if (!usage.isObject()) {
            return Usage.ZERO;
        }
        return new Usage(usage.path("prompt_tokens").asLong(0), usage.path("completion_tokens").asLong(0),
                usage.path("prompt_tokens_details").path("cached_tokens").asLong(0),
                usage.path("completion_tokens_details").path("reasoning_tokens").asLong(0));
    }

    static StopReason stopReason(String finishReason) {
        return switch (finishReason) {
            case "stop" -> StopReason.END_TURN;
            case "tool_calls", "function_call" -> StopReason.TOOL_CALLS;
            case "length" -> StopReason.MAX_TOKENS;
            case "content_filter" -> StopReason.CONTENT_FILTER;
            default -> StopReason.OTHER;
        };
    }
}
