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
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.JsonFormatter;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.UserTurn;
import io.agentloop.providers.http.WireJson;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;

/**
 * Anthropic Messages: system prompts go to {@code system}; messages alternate user/assistant, so
 * tool results travel as {@code tool_result} blocks of a user message, merged with the user text
 * that follows; thinking and redacted thinking go back exactly as received, signatures included.
 */
public final class AnthropicFormatter implements JsonFormatter {
    private final String model;
    /** Whether calls stream unless the request says ({@link io.agentloop.api.model.ChatOptions#stream()}). */
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
        ChatOptions options = request.options();
        out.writeStartObject();
        out.writeStringProperty("model", model);
        out.writeNumberProperty("max_tokens", options.maxTokens().orElse(defaultMaxTokens));
        String system = "";
        out.writeArrayPropertyStart("messages");
        // Consecutive user text and tool results form one user message (the API wants turns to
        // alternate); system prompts in between do not break it, they go to "system".
        UserTurn user = new UserTurn(out, "content");
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> system = system.isEmpty() ? s.text() : system + "\n\n" + s.text();
                case UserMessage u -> {
                    user.open();
                    for (TextBlock text : u.content()) {
                        textBlock(out, text.text());
                    }
                }
                case ToolMessage t -> {
                    user.open();
                    for (ToolResultBlock result : t.results()) {
                        out.writeStartObject();
                        out.writeStringProperty("type", "tool_result");
                        out.writeStringProperty("tool_use_id", result.toolCallId());
                        out.writeStringProperty("content", result.content());
                        if (result.error()) {
                            out.writeBooleanProperty("is_error", true);
                        }
                        out.writeEndObject();
                    }
                }
                case AssistantMessage a -> {
                    user.close();
                    assistant(out, a);
                }
            }
        }
        user.close();
        out.writeEndArray();
        if (!system.isEmpty()) {
            out.writeStringProperty("system", system);
        }
        Optional<Map<String, Object>> answerSchema = options.responseSchema();
        if (!request.tools().isEmpty() || answerSchema.isPresent()) {
            out.writeName("tools");
            if (answerSchema.isPresent()) {
                out.writeStartArray();
                for (ToolSpec spec : request.tools()) {
                    writeTool(out, spec);
                }
                writeRespondTool(out, answerSchema.get());
                out.writeEndArray();
            } else {
                out.writeRawValue(tools.get(request.tools()));
            }
            out.writeObjectPropertyStart("tool_choice");
            if (answerSchema.isPresent() && request.tools().isEmpty() && thinkingBudget.isEmpty()) {
                out.writeStringProperty("type", "tool");
                out.writeStringProperty("name", RESPOND);
            } else {
                out.writeStringProperty("type", switch (options.toolChoice()) {
                    case AUTO -> answerSchema.isPresent() && thinkingBudget.isEmpty() ? "any" : "auto";
                    case REQUIRED -> "any";
                    case NONE -> "none";
                });
            }
            out.writeEndObject();
        }
        options.temperature().ifPresent(t -> out.writeNumberProperty("temperature", t));
        options.topP().ifPresent(p -> out.writeNumberProperty("top_p", p));
        if (!options.stop().isEmpty()) {
            out.writeArrayPropertyStart("stop_sequences");
            options.stop().forEach(out::writeString);
            out.writeEndArray();
        }
        thinkingBudget.ifPresent(budget -> {
            out.writeObjectPropertyStart("thinking");
            out.writeStringProperty("type", "enabled");
            out.writeNumberProperty("budget_tokens", budget);
            out.writeEndObject();
        });
        if (request.options().stream().orElse(stream)) {
            out.writeBooleanProperty("stream", true);
        }
        out.writeEndObject();
    }

    private static void textBlock(JsonGenerator out, String text) {
        out.writeStartObject();
        out.writeStringProperty("type", "text");
        out.writeStringProperty("text", text);
        out.writeEndObject();
    }

    private static void assistant(JsonGenerator out, AssistantMessage message) {
        out.writeStartObject();
        out.writeStringProperty("role", "assistant");
        out.writeArrayPropertyStart("content");
        for (ContentBlock block : message.content()) {
            switch (block) {
                case ReasoningBlock r when r.redacted() -> {
                    out.writeStartObject();
                    out.writeStringProperty("type", "redacted_thinking");
                    out.writeStringProperty("data", r.redactedData().orElseThrow());
                    out.writeEndObject();
                }
                case ReasoningBlock r -> {
                    // Unsigned reasoning came from another provider: Anthropic would refuse it.
                    if (r.signature().isPresent()) {
                        out.writeStartObject();
                        out.writeStringProperty("type", "thinking");
                        out.writeStringProperty("thinking", r.text());
                        out.writeStringProperty("signature", r.signature().get());
                        out.writeEndObject();
                    }
                }
                case TextBlock t -> {
                    if (!t.text().isEmpty()) {
                        textBlock(out, t.text());
                    }
                }
                case ToolCall c -> {
                    out.writeStartObject();
                    out.writeStringProperty("type", "tool_use");
                    out.writeStringProperty("id", c.id());
                    out.writeStringProperty("name", c.name());
                    out.writeName("input");
                    WireJson.writeObjectOrEmpty(out, c.arguments());
                    out.writeEndObject();
                }
                case ToolResultBlock r -> throw new IllegalStateException("assistant messages hold no tool results");
            }
        }
        out.writeEndArray();
        out.writeEndObject();
    }

    /** The {@code tools} array, for {@link ToolDefinitionCache}: the same JSON {@link #writeTool} writes. */
    static JsonNode toolDefinitions(List<ToolSpec> specs) {
        StringWriter json = new StringWriter();
        try (JsonGenerator out = WireJson.MAPPER.createGenerator(json)) {
            out.writeStartArray();
            for (ToolSpec spec : specs) {
                writeTool(out, spec);
            }
            out.writeEndArray();
        }
        return WireJson.MAPPER.readTree(json.toString());
    }

    private static void writeTool(JsonGenerator out, ToolSpec spec) {
        out.writeStartObject();
        out.writeStringProperty("name", spec.name());
        out.writeStringProperty("description", spec.description());
        out.writePOJOProperty("input_schema", spec.parameters());
        out.writeEndObject();
    }

    /**
     * The tool a structured answer is given with: Anthropic has no response format, so the answer is
     * the input of this tool, which the request makes the model call (or call another tool first).
     * The schema goes under {@code value}, since a tool's input must be an object.
     */
    static void writeRespondTool(JsonGenerator out, Map<String, Object> schema) {
        out.writeStartObject();
        out.writeStringProperty("name", RESPOND);
        out.writeStringProperty("description", "Give your final answer: call this with the answer as its value, "
                + "once you need no other tool.");
        out.writeObjectPropertyStart("input_schema");
        out.writeStringProperty("type", "object");
        out.writeObjectPropertyStart("properties");
        out.writePOJOProperty("value", schema);
        out.writeEndObject();
        out.writeArrayPropertyStart("required");
        out.writeString("value");
        out.writeEndArray();
        out.writeBooleanProperty("additionalProperties", false);
        out.writeEndObject();
        out.writeEndObject();
    }

    /**
     * The answer in a call of the respond tool: the JSON text of its input's {@code value}
     * (empty when the input has none).
     *
     * @throws tools.jackson.core.JacksonException when the input is not well-formed JSON
     */
    static String answer(String respondInput) {
        String[] value = {""};
        try (JsonParser input = JsonRead.parser(respondInput.getBytes(StandardCharsets.UTF_8))) {
            JsonToken first = input.nextToken();
            JsonRead.object(input, (name, v) -> {
                if (name.equals("value")) {
                    value[0] = JsonRead.text(v);
                }
            });
            if (first != null && input.nextToken() != null) {
                throw new StreamReadException(input, "expected one JSON value in the answer, found more");
            }
        }
        return value[0];
    }

    /** Reads a complete {@code message} response. Server-side tool blocks are not ours to run. */
    @Override
    public AssistantMessage read(JsonParser in) {
        List<ContentBlock> blocks = new ArrayList<>();
        String[] stopReason = {""};
        AnthropicUsage usage = new AnthropicUsage();
        boolean[] called = {false};
        JsonRead.document(in, (name, value) -> {
            switch (name) {
                case "content" -> JsonRead.array(value, block -> {
                    ContentBlock read = block(block);
                    if (read != null) {
                        blocks.add(read);
                        called[0] |= read instanceof ToolCall;
                    }
                });
                case "stop_reason" -> stopReason[0] = JsonRead.string(value, "");
                case "usage" -> usage.read(value);
                default -> {
                }
            }
        });
        StopReason reason = stopReason(stopReason[0]);
        return new AssistantMessage(blocks, usage.usage(),
                reason == StopReason.TOOL_CALLS && !called[0] ? StopReason.END_TURN : reason);
    }

    /** One block of a response's content; null for the blocks that are not ours (server-side tools). */
    private static ContentBlock block(JsonParser block) {
        // type, text or thinking, signature, data, id, name, input (as JSON text)
        String[] fields = new String[7];
        JsonRead.object(block, (name, value) -> {
            switch (name) {
                case "type" -> fields[0] = JsonRead.string(value);
                case "text", "thinking" -> fields[1] = JsonRead.string(value);
                case "signature" -> fields[2] = JsonRead.string(value);
                case "data" -> fields[3] = JsonRead.string(value);
                case "id" -> fields[4] = JsonRead.string(value);
                case "name" -> fields[5] = JsonRead.string(value);
                case "input" -> fields[6] = JsonRead.text(value);
                default -> {
                }
            }
        });
        String type = fields[0] == null ? "" : fields[0];
        return switch (type) {
            case "text", "thinking" -> {
                String text = fields[1] == null ? "" : fields[1];
                yield type.equals("text") ? new TextBlock(text) : new ReasoningBlock(text,
                        Optional.ofNullable(fields[2]).filter(s -> !s.isEmpty()), Optional.empty());
            }
            case "redacted_thinking" -> new ReasoningBlock("", Optional.empty(),
                    Optional.of(fields[3] == null ? "" : fields[3]));
            case "tool_use" -> {
                String name = fields[5] == null ? "" : fields[5];
                String input = fields[6] == null ? "" : fields[6];
                yield name.equals(RESPOND) ? new TextBlock(answer(input))
                        : ToolCall.of(fields[4] == null ? "" : fields[4], name, input);
            }
            // server_tool_use and its results run on Anthropic's side
            default -> null;
        };
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
