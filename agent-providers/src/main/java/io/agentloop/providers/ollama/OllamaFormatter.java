package io.agentloop.providers.ollama;

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
import io.agentloop.providers.http.JsonFormatter;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.WireJson;
import io.agentloop.providers.openai.OpenAiChatFormatter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Ollama's native {@code /api/chat}: OpenAI-like messages, but tool-call arguments are JSON
 * objects, thinking travels in {@code message.thinking}, tool results name their tool, and
 * sampling settings live in {@code options}.
 */
public final class OllamaFormatter implements JsonFormatter {
    private final String model;
    private final boolean stream;
    private final Boolean think;
    private final ToolDefinitionCache tools = new ToolDefinitionCache(OpenAiChatFormatter::toolDefinitions);

    /** @param think ask thinking models to think (null: the model's default) */
    public OllamaFormatter(String model, boolean stream, Boolean think) {
        this.model = model;
        this.stream = stream;
        this.think = think;
    }

    @Override
    public String id() {
        return "ollama";
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
        ArrayNode messages = body.putArray("messages");
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> messages.addObject().put("role", "system").put("content", s.text());
                case UserMessage u -> messages.addObject().put("role", "user").put("content", u.text());
                case AssistantMessage a -> assistant(messages.addObject(), a);
                case ToolMessage t -> {
                    for (ToolResultBlock result : t.results()) {
                        messages.addObject().put("role", "tool").put("tool_name", result.toolName())
                                .put("content", result.content());
                    }
                }
            }
        }
        body.put("stream", stream);
        if (!request.tools().isEmpty() && request.options().toolChoice() != io.agentloop.api.model.ToolChoice.NONE) {
            body.putRawValue("tools", new tools.jackson.databind.util.RawValue(tools.get(request.tools()).getValue()));
        }
        request.options().responseSchema().ifPresent(schema -> body.set("format", WireJson.MAPPER.valueToTree(schema)));
        if (think != null) {
            body.put("think", think);
        }
        ObjectNode options = body.putObject("options");
        request.options().temperature().ifPresent(t -> options.put("temperature", t));
        request.options().maxTokens().ifPresent(m -> options.put("num_predict", m));
        request.options().topP().ifPresent(p -> options.put("top_p", p));
        if (!request.options().stop().isEmpty()) {
            request.options().stop().forEach(options.putArray("stop")::add);
        }
        request.options().seed().ifPresent(s -> options.put("seed", s));
        return body;
    }

    private static void assistant(ObjectNode out, AssistantMessage message) {
        out.put("role", "assistant").put("content", message.text());
        String reasoning = message.reasoning();
        if (!reasoning.isEmpty()) {
            out.put("thinking", reasoning);
        }
        List<ToolCall> calls = message.toolCalls();
        if (!calls.isEmpty()) {
            ArrayNode toolCalls = out.putArray("tool_calls");
            for (ToolCall call : calls) {
                toolCalls.addObject().putObject("function").put("name", call.name())
                        .set("arguments", WireJson.objectOrEmpty(call.arguments()));
            }
        }
    }


    AssistantMessage parse(JsonNode response) {
        List<ContentBlock> blocks = new ArrayList<>();
        JsonNode message = response.path("message");
        String thinking = message.path("thinking").asString("");
        if (!thinking.isEmpty()) {
            blocks.add(ReasoningBlock.of(thinking));
        }
        String content = message.path("content").asString("");
        if (!content.isEmpty()) {
            blocks.add(new TextBlock(content));
        }
        int index = 0;
        for (JsonNode call : message.path("tool_calls")) {
            blocks.add(toolCall(call, index++));
        }
        return new AssistantMessage(blocks, usage(response), stopReason(response.path("done_reason").asString(""),
                index > 0));
    }

    static ToolCall toolCall(JsonNode call, int index) {
        JsonNode function = call.path("function");
        String id = call.path("id").asString("");
        JsonNode arguments = function.path("arguments");
        return ToolCall.of(id.isEmpty() ? "call_" + index : id, function.path("name").asString(),
                arguments.isString() ? arguments.asString() : arguments.toString());
    }

    static Usage usage(JsonNode done) {
        return Usage.of(done.path("prompt_eval_count").asLong(0), done.path("eval_count").asLong(0));
    }

    /** Ollama says "stop" after tool calls too; the calls decide. */
    static StopReason stopReason(String doneReason, boolean calledTools) {
        return switch (doneReason) {
            case "stop" -> calledTools ? StopReason.TOOL_CALLS : StopReason.END_TURN;
            case "length" -> StopReason.MAX_TOKENS;
            default -> calledTools ? StopReason.TOOL_CALLS : StopReason.OTHER;
        };
    }
}
