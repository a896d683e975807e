package io.agentloop.core.format;

import io.agentloop.api.format.CallSchema;
import io.agentloop.api.format.Formatter;
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
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code text}: tool calling for models that only read and write text. The protocol:
 * <ul>
 *   <li>The tools are described at the end of the system text: each tool's name, description and
 *       arguments' JSON Schema, and how to call one: a JSON object on a line of its own,
 *       {@code {"name": "<tool>", "arguments": {...}}}. With tool choice {@code REQUIRED} the
 *       model is told to answer with a call, and the request's
 *       {@link io.agentloop.api.model.ChatOptions#responseSchema() response schema} is the call
 *       objects of the offered tools (providers that can constrain output hold the model to it);
 *       with {@code NONE} the tools are not described.</li>
 *   <li>Earlier calls are written in the assistant's text as those objects, one per line; tool
 *       results become a user message, {@code Result of <tool>:} (or
 *       {@code Result of <tool> (error):}) followed by the result, per call.</li>
 *   <li>In an answer, every object of that shape that starts a line is a call (in order); the
 *       rest is the answer's text. Reasoning is not sent back.</li>
 * </ul>
 * The request sent has no tools, so any chat provider can carry it.
 */
public final class TextFormatter implements Formatter {
    public static final String ID = "text";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ChatRequest format(ChatRequest request) {
        StringBuilder system = new StringBuilder();
        List<Message> messages = new ArrayList<>(request.messages().size() + 1);
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage m -> append(system, m.text());
                case UserMessage m -> messages.add(m);
                case AssistantMessage m -> messages.add(AssistantMessage.of(assistantText(m)));
                case ToolMessage m -> messages.add(UserMessage.of(results(m.results())));
            }
        }
        ToolChoice choice = request.options().toolChoice();
        boolean offered = !request.tools().isEmpty() && choice != ToolChoice.NONE;
        if (offered) {
            append(system, instructions(request.tools(), choice));
        }
        if (!system.isEmpty()) {
            messages.addFirst(new SystemMessage(system.toString()));
        }
        ChatRequest formatted = new ChatRequest(messages, List.of(), request.options());
        return offered && choice == ToolChoice.REQUIRED
                ? formatted.withOptions(request.options().withResponseSchema(CallSchema.anyOf(request.tools())))
                : formatted;
    }

    @Override
    public AssistantMessage parse(AssistantMessage answer) {
        String text = answer.text();
        List<ContentBlock> blocks = new ArrayList<>();
        answer.content().stream().filter(ReasoningBlock.class::isInstance).forEach(blocks::add);
        StringBuilder rest = new StringBuilder();
        int calls = 0;
        int at = 0;
        while (at < text.length()) {
            int lineEnd = text.indexOf('\n', at);
            int next = lineEnd < 0 ? text.length() : lineEnd + 1;
            int start = at;
            while (start < next && (text.charAt(start) == ' ' || text.charAt(start) == '\t')) {
                start++;
            }
            if (start < next && text.charAt(start) == '{') {
                int end = callEnd(text, start);
                if (end > 0) {
                    JsonNode call = JSON.readTree(text.substring(start, end));
                    blocks.add(ToolCall.of(callId(), call.get("name").stringValue(),
                            JSON.writeValueAsString(call.get("arguments"))));
                    calls++;
                    at = skipLineEnd(text, end);
                    continue;
                }
            }
            rest.append(text, at, next);
            at = next;
        }
        String remaining = rest.toString().strip();
        if (!remaining.isEmpty()) {
            blocks.add(blocks.size() - calls, new TextBlock(remaining));
        }
        return new AssistantMessage(blocks, answer.usage(), calls > 0 ? StopReason.TOOL_CALLS : answer.stopReason());
    }

    /** The offset after the call object starting at {@code start}, or -1 if no call starts there. */
    private static int callEnd(String text, int start) {
        try (JsonParser parser = JSON.createParser(text.substring(start))) {
            JsonNode node = parser.readValueAsTree();
            if (node == null || !node.isObject() || !node.path("name").isString() || !node.path("arguments").isObject()
                    || node.size() != 2) {
                return -1;
            }
            return start + (int) parser.currentLocation().getCharOffset();
        } catch (JacksonException e) {
            return -1;
        }
    }

    private static int skipLineEnd(String text, int at) {
        int i = at;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t' || text.charAt(i) == '\r')) {
            i++;
        }
        return i < text.length() && text.charAt(i) == '\n' ? i + 1 : i;
    }

    private static String callId() {
        return "call_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    /** A call as the protocol writes it; the arguments as the model wrote them, even when they are not JSON. */
    static String callJson(String name, String argumentsJson) {
        return "{\"name\": " + JSON.writeValueAsString(name) + ", \"arguments\": "
                + (argumentsJson.isBlank() ? "{}" : argumentsJson.strip()) + "}";
    }

    private static String instructions(List<ToolSpec> tools, ToolChoice choice) {
        StringBuilder text = new StringBuilder(choice == ToolChoice.REQUIRED
                ? "Answer by calling one of these tools. "
                : "You can call these tools. ");
        text.append("To call one, write a JSON object on a line of its own: "
                + "{\"name\": \"<tool name>\", \"arguments\": {<arguments>}}. "
                + "The result comes back in the next message. Tools:");
        for (ToolSpec tool : tools) {
            text.append("\n- ").append(tool.name()).append(": ").append(tool.description())
                    .append(" Arguments (JSON Schema): ").append(JSON.writeValueAsString(tool.parameters()));
        }
        return text.toString();
    }

    private static String assistantText(AssistantMessage message) {
        StringBuilder text = new StringBuilder();
        for (ContentBlock block : message.content()) {
            if (block instanceof TextBlock t) {
                append(text, t.text());
            } else if (block instanceof ToolCall call) {
                text.append(text.isEmpty() ? "" : "\n").append(callJson(call.name(), call.arguments()));
            }
        }
        return text.toString();
    }

    private static String results(List<ToolResultBlock> results) {
        StringBuilder text = new StringBuilder();
        for (ToolResultBlock result : results) {
            append(text, "Result of " + result.toolName() + (result.error() ? " (error)" : "") + ":\n"
                    + result.content());
        }
        return text.toString();
    }

    private static void append(StringBuilder text, String part) {
        if (part.isEmpty()) {
            return;
        }
        if (!text.isEmpty()) {
            text.append("\n\n");
        }
        text.append(part);
    }
}
