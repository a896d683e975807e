package io.agentloop.plugins.llamacpp;

import de.kherud.llama.Pair;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ReasoningBlock;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns a request into the turns a chat template formats. The model's template knows only system,
 * user and assistant text, so tool calls become the JSON objects the tool grammar makes the model
 * write, tool results become a user turn naming each tool, and reasoning is left out. Turns of the
 * same role next to each other are joined (many templates insist on alternating roles). The tools
 * and the call format are described at the end of the system text, unless tools are not allowed.
 */
final class PromptBuilder {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The system text and the conversation's turns, oldest first. */
    record Turns(String system, List<Pair<String, String>> turns) {
    }

    private PromptBuilder() {
    }

    static Turns turns(ChatRequest request) {
        StringBuilder system = new StringBuilder();
        List<Pair<String, String>> turns = new ArrayList<>();
        for (Message message : request.messages()) {
            switch (message) {
                case SystemMessage m -> append(system, m.text());
                case UserMessage m -> add(turns, "user", text(m.content()));
                case AssistantMessage m -> add(turns, "assistant", assistantText(m));
                case ToolMessage m -> add(turns, "user", toolResults(m.results()));
            }
        }
        if (!request.tools().isEmpty() && request.options().toolChoice() != ToolChoice.NONE) {
            append(system, toolInstructions(request.tools(), request.options().toolChoice()));
        }
        return new Turns(system.toString(), turns);
    }

    /** The JSON object a tool call is written as, in prompts and in the model's output. */
    static String callJson(String name, String argumentsJson) {
        return "{\"name\": " + JSON.writeValueAsString(name) + ", \"arguments\": "
                + (argumentsJson.isBlank() ? "{}" : argumentsJson) + "}";
    }

    private static String toolInstructions(List<ToolSpec> tools, ToolChoice choice) {
        StringBuilder text = new StringBuilder(choice == ToolChoice.REQUIRED
                ? "Answer by calling one of these tools. "
                : "You can call these tools. ");
        text.append("To call one, reply with only a JSON object and nothing else: "
                + "{\"name\": \"<tool name>\", \"arguments\": {<arguments>}}. Tools:");
        for (ToolSpec tool : tools) {
            text.append("\n- ").append(tool.name()).append(": ").append(tool.description())
                    .append(" Arguments (JSON Schema): ").append(JSON.writeValueAsString(tool.parameters()));
        }
        return text.toString();
    }

    private static String assistantText(AssistantMessage message) {
        StringBuilder text = new StringBuilder();
        for (ContentBlock block : message.content()) {
            switch (block) {
                case TextBlock t -> append(text, t.text());
                case ToolCall call -> append(text, callJson(call.name(), call.arguments()));
                case ReasoningBlock ignored -> {
                    // the template has no place for it, and the model does not need its own thoughts back
                }
                case ToolResultBlock ignored -> {
                    // never in an assistant message
                }
            }
        }
        return text.toString();
    }

    private static String toolResults(List<ToolResultBlock> results) {
        StringBuilder text = new StringBuilder();
        for (ToolResultBlock result : results) {
            append(text, "Result of " + result.toolName() + (result.error() ? " (error)" : "") + ":\n" + result.content());
        }
        return text.toString();
    }

    private static String text(List<TextBlock> blocks) {
        StringBuilder text = new StringBuilder();
        blocks.forEach(block -> append(text, block.text()));
        return text.toString();
    }

    private static void add(List<Pair<String, String>> turns, String role, String text) {
        if (!turns.isEmpty() && turns.getLast().getKey().equals(role)) {
            Pair<String, String> last = turns.removeLast();
            turns.add(new Pair<>(role, last.getValue() + "\n\n" + text));
        } else {
            turns.add(new Pair<>(role, text));
        }
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
