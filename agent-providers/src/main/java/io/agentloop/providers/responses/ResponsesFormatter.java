package io.agentloop.providers.responses;

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
 * to results by {@code call_id}. Requests are sent with {@code store: false}, so nothing lives on
 * OpenAI's side: to a reasoning model they ask for {@code include: ["reasoning.encrypted_content"]},
 * and each reasoning item comes back with its encrypted content (kept as the reasoning block's
 * signature) and is sent back, without an id, where it was in the turn. Models that do not reason
 * answer HTTP 400 to that include, so it is only asked of the reasoning families, or when the
 * request sets a reasoning effort.
 */
public final class ResponsesFormatter implements JsonFormatter {
    private final String model;
    /** Whether calls stream unless the request says ({@link io.agentloop.api.model.ChatOptions#stream()}). */
    private final boolean stream;
    private final ToolDefinitionCache tools = new ToolDefinitionCache(ResponsesFormatter::toolDefinitions);
    private final boolean encryptedReasoning;

    public ResponsesFormatter(String model, boolean stream) {
        this.model = model;
        this.stream = stream;
        this.encryptedReasoning = reasons(model);
    }

    /**
     * Whether the model reasons, so can return encrypted reasoning: the o-series, gpt-5 and codex
     * models, but not the gpt-5 chat models (OpenAI's model list marks them without reasoning).
     */
    static boolean reasons(String model) {
        String name = model.toLowerCase(Locale.ROOT);
        int slash = name.lastIndexOf('/');
        name = name.substring(slash + 1);
        return name.matches("o[1-9].*") || name.contains("codex")
                || name.startsWith("gpt-5") && !name.contains("-chat");
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
        // A reasoning effort says the model reasons, whatever its name (an Azure deployment's, say).
        if (encryptedReasoning || options.reasoningEffort().isPresent()) {
            out.writeArrayPropertyStart("include");
            out.writeString("reasoning.encrypted_content");
            out.writeEndArray();
        }
        if (request.options().stream().orElse(stream)) {
            out.writeBooleanProperty("stream", true);
        }
        out.writeEndObject();
    }

    /**
     * The turn's items in the order the model made them: a reasoning item for each block that has its
     * encrypted content, one message for each run of text, a {@code function_call} for each call.
     */
    private static void assistant(JsonGenerator out, AssistantMessage message) {
        boolean inMessage = false;
        for (ContentBlock block : message.content()) {
            if (inMessage && !(block instanceof TextBlock)) {
                endMessage(out);
                inMessage = false;
            }
            switch (block) {
                case ReasoningBlock r -> r.signature().ifPresent(encrypted -> reasoning(out, r.text(), encrypted));
                case TextBlock t -> {
                    if (t.text().isEmpty()) {
                        continue;
                    }
                    if (!inMessage) {
                        startMessage(out);
                        inMessage = true;
                    }
                    out.writeStartObject();
                    out.writeStringProperty("type", "output_text");
                    out.writeStringProperty("text", t.text());
                    out.writeEndObject();
                }
                case ToolCall call -> {
                    out.writeStartObject();
                    out.writeStringProperty("type", "function_call");
                    out.writeStringProperty("call_id", call.id());
                    out.writeStringProperty("name", call.name());
                    out.writeStringProperty("arguments", call.arguments());
                    out.writeEndObject();
                }
                default -> {
                }
            }
        }
        if (inMessage) {
            endMessage(out);
        }
    }

    private static void startMessage(JsonGenerator out) {
        out.writeStartObject();
        out.writeStringProperty("type", "message");
        out.writeStringProperty("role", "assistant");
        out.writeArrayPropertyStart("content");
    }

    private static void endMessage(JsonGenerator out) {
        out.writeEndArray();
        out.writeEndObject();
    }

    /** A reasoning item: its summary (what was shown of it) and the encrypted content the model reads. */
    private static void reasoning(JsonGenerator out, String summary, String encrypted) {
        out.writeStartObject();
        out.writeStringProperty("type", "reasoning");
        out.writeArrayPropertyStart("summary");
        if (!summary.isEmpty()) {
            out.writeStartObject();
            out.writeStringProperty("type", "summary_text");
            out.writeStringProperty("text", summary);
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeStringProperty("encrypted_content", encrypted);
        out.writeEndObject();
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
