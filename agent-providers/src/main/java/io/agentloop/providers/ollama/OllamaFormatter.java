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
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.providers.http.JsonFormatter;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.WireJson;
import io.agentloop.providers.openai.OpenAiChatFormatter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * Ollama's native {@code /api/chat}: OpenAI-like messages, but tool-call arguments are JSON
 * objects, thinking travels in {@code message.thinking}, tool results name their tool, and
 * sampling settings live in {@code options}.
 */
public final class OllamaFormatter implements JsonFormatter {
    private final String model;
    /** Whether calls stream unless the request says ({@link io.agentloop.api.model.ChatOptions#stream()}). */
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
        out.writeStartObject();
        out.writeStringProperty("model", model);
        out.writeArrayPropertyStart("messages");
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> OpenAiChatFormatter.message(out, "system", s.text());
                case UserMessage u -> OpenAiChatFormatter.message(out, "user", u.text());
                case AssistantMessage a -> assistant(out, a);
                case ToolMessage t -> {
                    for (ToolResultBlock result : t.results()) {
                        out.writeStartObject();
                        out.writeStringProperty("role", "tool");
                        out.writeStringProperty("tool_name", result.toolName());
                        out.writeStringProperty("content", result.content());
                        out.writeEndObject();
                    }
                }
            }
        }
        out.writeEndArray();
        out.writeBooleanProperty("stream", request.options().stream().orElse(stream));
        ChatOptions options = request.options();
        if (!request.tools().isEmpty() && options.toolChoice() != ToolChoice.NONE) {
            out.writeName("tools");
            out.writeRawValue(tools.get(request.tools()));
        }
        options.responseSchema().ifPresent(schema -> out.writePOJOProperty("format", schema));
        if (think != null) {
            out.writeBooleanProperty("think", think);
        }
        out.writeObjectPropertyStart("options");
        options.temperature().ifPresent(t -> out.writeNumberProperty("temperature", t));
        options.maxTokens().ifPresent(m -> out.writeNumberProperty("num_predict", m));
        options.topP().ifPresent(p -> out.writeNumberProperty("top_p", p));
        if (!options.stop().isEmpty()) {
            out.writeArrayPropertyStart("stop");
            options.stop().forEach(out::writeString);
            out.writeEndArray();
        }
        options.seed().ifPresent(s -> out.writeNumberProperty("seed", s));
        out.writeEndObject();
        out.writeEndObject();
    }

    private static void assistant(JsonGenerator out, AssistantMessage message) {
        out.writeStartObject();
        out.writeStringProperty("role", "assistant");
        out.writeStringProperty("content", message.text());
        String reasoning = message.reasoning();
        if (!reasoning.isEmpty()) {
            out.writeStringProperty("thinking", reasoning);
        }
        List<ToolCall> calls = message.toolCalls();
        if (!calls.isEmpty()) {
            out.writeArrayPropertyStart("tool_calls");
            for (ToolCall call : calls) {
                out.writeStartObject();
                out.writeObjectPropertyStart("function");
                out.writeStringProperty("name", call.name());
                out.writeName("arguments");
                WireJson.writeObjectOrEmpty(out, call.arguments());
                out.writeEndObject();
                out.writeEndObject();
            }
            out.writeEndArray();
        }
        out.writeEndObject();
    }

    /** Reads a whole response: one object, as the last line of a stream would be. */
    @Override
    public AssistantMessage read(JsonParser in) {
        OllamaChunk response = new OllamaChunk();
        response.read(in, 0);
        List<ContentBlock> blocks = new ArrayList<>();
        if (!response.thinking().isEmpty()) {
            blocks.add(ReasoningBlock.of(response.thinking()));
        }
        if (!response.content().isEmpty()) {
            blocks.add(new TextBlock(response.content()));
        }
        blocks.addAll(response.toolCalls());
        return new AssistantMessage(blocks, response.usage(), stopReason(response.doneReason(),
                !response.toolCalls().isEmpty()));
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
