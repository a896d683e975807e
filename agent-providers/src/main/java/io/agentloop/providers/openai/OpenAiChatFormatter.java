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
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.StrictSchema;
import io.agentloop.providers.http.ToolDefinitionCache;
import io.agentloop.providers.http.WireJson;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI Chat Completions, the format most servers speak (OpenAI, DeepSeek, Qwen, vLLM, llama.cpp,
 * Ollama {@code /v1}, LM Studio, OpenRouter, Groq). One wire message per tool result; tool
 * definitions are serialised once per set. An assistant turn that calls tools carries its reasoning
 * back in {@code reasoning_content}, apart from its content: DeepSeek's thinking mode (and Kimi's)
 * refuses the next request (HTTP 400) without it, and most servers ignore a field they do not read.
 * Groq, Cerebras and OpenAI itself refuse unknown message fields and never send
 * {@code reasoning_content}, so they are not sent it ({@link #takesReasoningContent}). Reasoning of a turn
 * without tool calls is not sent, and neither is reasoning another API signed or redacted (it is not
 * text these servers wrote).
 */
public final class OpenAiChatFormatter implements JsonFormatter {
    private final String model;
    /** Whether calls stream unless the request says ({@link io.agentloop.api.model.ChatOptions#stream()}). */
    private final boolean stream;
    private final String maxTokensField;
    private final ToolDefinitionCache tools = new ToolDefinitionCache(OpenAiChatFormatter::toolDefinitions);
    private final boolean sendsReasoning;

    /**
     * @param maxTokensField {@code max_tokens} (most servers) or {@code max_completion_tokens}
     *                       (OpenAI's reasoning models)
     * @param sendsReasoning whether tool-call turns carry their reasoning back ({@link #takesReasoningContent})
     */
    public OpenAiChatFormatter(String model, boolean stream, String maxTokensField, boolean sendsReasoning) {
        this.model = model;
        this.stream = stream;
        this.maxTokensField = maxTokensField;
        this.sendsReasoning = sendsReasoning;
    }

    /**
     * Whether the server at {@code baseUrl} may be sent {@code reasoning_content}: every one but those
     * known to answer HTTP 400 to a message field they do not take (Groq, Cerebras, OpenAI's own service).
     */
    public static boolean takesReasoningContent(String baseUrl) {
        String host = URI.create(baseUrl).getHost();
        if (host == null) {
            return true;
        }
        host = host.toLowerCase(Locale.ROOT);
        for (String strict : List.of("groq.com", "cerebras.ai", "openai.com")) {
            if (host.equals(strict) || host.endsWith("." + strict)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String id() {
        return "openai-chat";
    }

    @Override
    public void write(ChatRequest request, JsonGenerator out) {
        out.writeStartObject();
        out.writeStringProperty("model", model);
        out.writeArrayPropertyStart("messages");
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> message(out, "system", s.text());
                case UserMessage u -> message(out, "user", u.text());
                case AssistantMessage a -> assistant(out, a, sendsReasoning);
                case ToolMessage t -> {
                    for (ToolResultBlock result : t.results()) {
                        out.writeStartObject();
                        out.writeStringProperty("role", "tool");
                        out.writeStringProperty("tool_call_id", result.toolCallId());
                        out.writeStringProperty("content", result.content());
                        out.writeEndObject();
                    }
                }
            }
        }
        out.writeEndArray();
        if (request.options().stream().orElse(stream)) {
            out.writeBooleanProperty("stream", true);
            out.writeObjectPropertyStart("stream_options");
            out.writeBooleanProperty("include_usage", true);
            out.writeEndObject();
        }
        if (!request.tools().isEmpty()) {
            out.writeName("tools");
            out.writeRawValue(tools.get(request.tools()));
            out.writeStringProperty("tool_choice", request.options().toolChoice().name().toLowerCase(Locale.ROOT));
        }
        ChatOptions options = request.options();
        options.temperature().ifPresent(t -> out.writeNumberProperty("temperature", t));
        options.maxTokens().ifPresent(m -> out.writeNumberProperty(maxTokensField, m));
        options.topP().ifPresent(p -> out.writeNumberProperty("top_p", p));
        if (!options.stop().isEmpty()) {
            out.writeArrayPropertyStart("stop");
            options.stop().forEach(out::writeString);
            out.writeEndArray();
        }
        options.seed().ifPresent(s -> out.writeNumberProperty("seed", s));
        options.reasoningEffort().ifPresent(e -> out.writeStringProperty("reasoning_effort", e));
        options.responseSchema().ifPresent(schema -> {
            out.writeObjectPropertyStart("response_format");
            out.writeStringProperty("type", "json_schema");
            out.writeObjectPropertyStart("json_schema");
            out.writeStringProperty("name", "answer");
            out.writeBooleanProperty("strict", StrictSchema.compatible(schema));
            out.writePOJOProperty("schema", schema);
            out.writeEndObject();
            out.writeEndObject();
        });
        out.writeEndObject();
    }

    /** A message of a role and its text (also used by Ollama's native API). */
    public static void message(JsonGenerator out, String role, String content) {
        out.writeStartObject();
        out.writeStringProperty("role", role);
        out.writeStringProperty("content", content);
        out.writeEndObject();
    }

    private static void assistant(JsonGenerator out, AssistantMessage message, boolean sendsReasoning) {
        out.writeStartObject();
        out.writeStringProperty("role", "assistant");
        String text = message.text();
        List<ToolCall> calls = message.toolCalls();
        if (!text.isEmpty() || calls.isEmpty()) {
            out.writeStringProperty("content", text);
        }
        if (!calls.isEmpty()) {
            String reasoning = sendsReasoning ? reasoningContent(message) : "";
            if (!reasoning.isEmpty()) {
                out.writeStringProperty("reasoning_content", reasoning);
            }
            out.writeArrayPropertyStart("tool_calls");
            for (ToolCall call : calls) {
                out.writeStartObject();
                out.writeStringProperty("id", call.id());
                out.writeStringProperty("type", "function");
                out.writeObjectPropertyStart("function");
                out.writeStringProperty("name", call.name());
                out.writeStringProperty("arguments", call.arguments());
                out.writeEndObject();
                out.writeEndObject();
            }
            out.writeEndArray();
        }
        out.writeEndObject();
    }

    /** The turn's own unsigned reasoning, joined as it was streamed; empty when it has none. */
    private static String reasoningContent(AssistantMessage message) {
        StringBuilder reasoning = new StringBuilder();
        for (ContentBlock block : message.content()) {
            if (block instanceof ReasoningBlock r && r.signature().isEmpty() && !r.redacted()) {
                reasoning.append(r.text());
            }
        }
        return reasoning.toString();
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

    /** Reads a complete {@code chat.completion} response (first choice). */
    @Override
    public AssistantMessage read(JsonParser in) {
        List<ContentBlock> blocks = new ArrayList<>();
        Usage[] usage = {Usage.ZERO};
        StopReason[] stopReason = {StopReason.OTHER};
        boolean[] first = {true};
        JsonRead.document(in, (name, value) -> {
            switch (name) {
                case "choices" -> JsonRead.array(value, choice -> {
                    if (first[0]) {
                        first[0] = false;
                        choice(choice, blocks, stopReason);
                    }
                });
                case "usage" -> usage[0] = usage(value);
                default -> {
                }
            }
        });
        return new AssistantMessage(blocks, usage[0], stopReason[0]);
    }

    private static void choice(JsonParser choice, List<ContentBlock> blocks, StopReason[] stopReason) {
        String[] reasoning = new String[2];
        List<ContentBlock> calls = new ArrayList<>();
        String[] content = {null};
        JsonRead.object(choice, (name, value) -> {
            switch (name) {
                case "finish_reason" -> stopReason[0] = stopReason(JsonRead.string(value, ""));
                case "message" -> JsonRead.object(value, (field, v) -> {
                    switch (field) {
                        case "reasoning_content" -> reasoning[0] = JsonRead.string(v);
                        case "reasoning" -> reasoning[1] = JsonRead.string(v);
                        case "content" -> content[0] = JsonRead.string(v);
                        case "tool_calls" -> JsonRead.array(v, call -> calls.add(toolCall(call, calls.size())));
                        default -> {
                        }
                    }
                });
                default -> {
                }
            }
        });
        String thinking = reasoning[0] != null ? reasoning[0] : reasoning[1];
        if (thinking != null && !thinking.isEmpty()) {
            blocks.add(ReasoningBlock.of(thinking));
        }
        if (content[0] != null && !content[0].isEmpty()) {
            blocks.add(new TextBlock(content[0]));
        }
        blocks.addAll(calls);
    }

    /**
     * The tool call the parser is on, as this format and Ollama's native one send it. Some servers leave
     * the id out; the conversation still needs one, so it is named after the call's index in the
     * response. The arguments are a string, as the API defines; some servers send the object itself.
     */
    public static ToolCall toolCall(JsonParser call, int index) {
        String[] fields = {"", "", ""};
        JsonRead.object(call, (name, value) -> {
            switch (name) {
                case "id" -> fields[0] = JsonRead.string(value, "");
                case "function" -> JsonRead.object(value, (field, v) -> {
                    switch (field) {
                        case "name" -> fields[1] = JsonRead.string(v, "");
                        case "arguments" -> fields[2] = v.currentToken() == JsonToken.VALUE_STRING ? v.getString()
                                : JsonRead.text(v);
                        default -> {
                        }
                    }
                });
                default -> {
                }
            }
        });
        return ToolCall.of(fields[0].isBlank() ? "call_" + index : fields[0], fields[1], fields[2]);
    }

    /** The {@code usage} object the parser is on; zero if it is not one. */
    static Usage usage(JsonParser usage) {
        long[] counts = new long[4];
        JsonRead.object(usage, (name, value) -> {
            switch (name) {
                case "prompt_tokens" -> counts[0] = JsonRead.number(value);
                case "completion_tokens" -> counts[1] = JsonRead.number(value);
                case "prompt_tokens_details" -> JsonRead.object(value, (field, v) -> {
                    if (field.equals("cached_tokens")) {
                        counts[2] = JsonRead.number(v);
                    }
                });
                case "completion_tokens_details" -> JsonRead.object(value, (field, v) -> {
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
