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
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.providers.http.JsonFormatter;
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
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAI Responses API: the conversation is a list of input items (messages,
 * {@code function_call}, {@code function_call_output}); the answer is a list of output items
 * ({@code reasoning} with its summary, {@code message}, {@code function_call}). Calls are matched
 * to results by {@code call_id}. Requests are sent with {@code store: false}; reasoning items are
 * not sent back (they would need their stored ids).
 */
public final class ResponsesFormatter implements JsonFormatter {
    private final String model;
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
        out.writeTree(format(request));
    }

    @Override
    public AssistantMessage read(JsonParser in) {
        return parse(WireJson.MAPPER.readTree(in));
    }

    JsonNode format(ChatRequest request) {
        ObjectNode body = WireJson.MAPPER.createObjectNode();
        body.put("model", model);
        ArrayNode input = body.putArray("input");
        StringBuilder instructions = new StringBuilder();
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage s -> instructions.append(instructions.isEmpty() ? "" : "\n\n").append(s.text());
                case UserMessage u -> input.addObject().put("role", "user").put("content", u.text());
                case AssistantMessage a -> assistant(input, a);
                case ToolMessage t -> {
                    for (ToolResultBlock result : t.results()) {
                        input.addObject().put("type", "function_call_output").put("call_id", result.toolCallId())
                                .put("output", result.content());
                    }
                }
            }
        }
        if (!instructions.isEmpty()) {
            body.put("instructions", instructions.toString());
        }
        if (!request.tools().isEmpty()) {
            body.putRawValue("tools", new tools.jackson.databind.util.RawValue(tools.get(request.tools()).getValue()));
            body.put("tool_choice", request.options().toolChoice().name().toLowerCase(Locale.ROOT));
        }
        request.options().temperature().ifPresent(t -> body.put("temperature", t));
        request.options().maxTokens().ifPresent(m -> body.put("max_output_tokens", m));
        request.options().topP().ifPresent(p -> body.put("top_p", p));
        request.options().reasoningEffort().ifPresent(e -> body.putObject("reasoning").put("effort", e));
        request.options().responseSchema().ifPresent(schema -> body.putObject("text").putObject("format")
                .put("type", "json_schema").put("name", "answer").put("strict", StrictSchema.compatible(schema))
                .set("schema", WireJson.MAPPER.valueToTree(schema)));
        body.put("store", false);
        if (stream) {
            body.put("stream", true);
        }
        return body;
    }

    private static void assistant(ArrayNode input, AssistantMessage message) {
        String text = message.text();
        if (!text.isEmpty()) {
            ObjectNode item = input.addObject().put("type", "message").put("role", "assistant");
            item.putArray("content").addObject().put("type", "output_text").put("text", text);
        }
        for (ToolCall call : message.toolCalls()) {
            input.addObject().put("type", "function_call").put("call_id", call.id()).put("name", call.name())
                    .put("arguments", call.arguments());
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

    AssistantMessage parse(JsonNode response) {
        List<ContentBlock> blocks = new ArrayList<>();
        boolean calls = false;
        for (JsonNode item : response.path("output")) {
            switch (item.path("type").asString("")) {
                case "reasoning" -> {
                    StringBuilder summary = new StringBuilder();
                    for (JsonNode part : item.path("summary")) {
                        summary.append(summary.isEmpty() ? "" : "\n\n").append(part.path("text").asString(""));
                    }
                    if (!summary.isEmpty()) {
                        blocks.add(ReasoningBlock.of(summary.toString()));
                    }
                }
                case "message" -> {
                    for (JsonNode part : item.path("content")) {
                        if ("output_text".equals(part.path("type").asString(""))) {
                            blocks.add(new TextBlock(part.path("text").asString("")));
                        }
                    }
                }
                case "function_call" -> {
                    calls = true;
                    blocks.add(ToolCall.of(item.path("call_id").asString(), item.path("name").asString(),
                            item.path("arguments").asString("")));
                }
                default -> {
                    // built-in tool items (web search...) run on OpenAI's side
                }
            }
        }
        return new AssistantMessage(blocks, usage(response.path("usage")), stopReason(response, calls));
    }

    static Usage usage(JsonNode usage) {
        return new Usage(usage.path("input_tokens").asLong(0), usage.path("output_tokens").asLong(0),
                usage.path("input_tokens_details").path("cached_tokens").asLong(0),
                usage.path("output_tokens_details").path("reasoning_tokens").asLong(0));
    }

    static StopReason stopReason(JsonNode response, boolean calledTools) {
        if ("incomplete".equals(response.path("status").asString(""))) {
            String why = response.path("incomplete_details").path("reason").asString("");
            return why.equals("max_output_tokens") ? StopReason.MAX_TOKENS
                    : why.equals("content_filter") ? StopReason.CONTENT_FILTER : StopReason.OTHER;
        }
        return calledTools ? StopReason.TOOL_CALLS : StopReason.END_TURN;
    }
}
