package io.agentloop.core.session;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Messages as JSON for session files: every block kept exactly (reasoning signatures and redacted
 * data, tool-call signatures, usage, stop reasons), so a resumed conversation is the one that was
 * saved. Field names are the file format: change them only with a format version.
 */
public final class MessageCodec {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private MessageCodec() {
    }

    public static ObjectNode encode(Message message) {
        ObjectNode node = NODES.objectNode();
        switch (message) {
            case SystemMessage m -> node.put("role", "system").put("text", m.text());
            case UserMessage m -> {
                node.put("role", "user");
                ArrayNode content = node.putArray("content");
                m.content().forEach(block -> content.add(block(block)));
            }
            case AssistantMessage m -> {
                node.put("role", "assistant").put("stop", m.stopReason().name());
                ArrayNode content = node.putArray("content");
                m.content().forEach(block -> content.add(block(block)));
                if (!m.usage().equals(Usage.ZERO)) {
                    node.set("usage", usage(m.usage()));
                }
            }
            case ToolMessage m -> {
                node.put("role", "tool");
                ArrayNode results = node.putArray("results");
                m.results().forEach(result -> results.add(block(result)));
            }
        }
        return node;
    }

    public static Message decode(JsonNode node) {
        String role = text(node, "role");
        return switch (role) {
            case "system" -> new SystemMessage(text(node, "text"));
            case "user" -> new UserMessage(blocks(node.path("content")).stream().map(TextBlock.class::cast).toList());
            case "assistant" -> new AssistantMessage(blocks(node.path("content")),
                    node.has("usage") ? usage(node.get("usage")) : Usage.ZERO, StopReason.valueOf(text(node, "stop")));
            case "tool" -> new ToolMessage(blocks(node.path("results")).stream().map(ToolResultBlock.class::cast).toList());
            default -> throw new IllegalArgumentException("unknown message role '" + role + "'");
        };
    }

    public static ObjectNode block(ContentBlock block) {
        ObjectNode node = NODES.objectNode();
        switch (block) {
            case TextBlock b -> node.put("type", "text").put("text", b.text());
            case ReasoningBlock b -> {
                node.put("type", "reasoning").put("text", b.text());
                b.signature().ifPresent(s -> node.put("signature", s));
                b.redactedData().ifPresent(d -> node.put("redacted", d));
            }
            case ToolCall b -> {
                node.put("type", "tool_call").put("id", b.id()).put("name", b.name()).put("arguments", b.arguments());
                b.signature().ifPresent(s -> node.put("signature", s));
            }
            case ToolResultBlock b -> node.put("type", "tool_result").put("call_id", b.toolCallId())
                    .put("name", b.toolName()).put("content", b.content()).put("error", b.error());
        }
        return node;
    }

    public static ContentBlock decodeBlock(JsonNode node) {
        String type = text(node, "type");
        return switch (type) {
            case "text" -> new TextBlock(text(node, "text"));
            case "reasoning" -> new ReasoningBlock(text(node, "text"), optional(node, "signature"),
                    optional(node, "redacted"));
            case "tool_call" -> new ToolCall(text(node, "id"), text(node, "name"), text(node, "arguments"),
                    optional(node, "signature"));
            case "tool_result" -> new ToolResultBlock(text(node, "call_id"), text(node, "name"), text(node, "content"),
                    node.path("error").asBoolean());
            default -> throw new IllegalArgumentException("unknown content block type '" + type + "'");
        };
    }

    public static ObjectNode usage(Usage usage) {
        return NODES.objectNode().put("input", usage.inputTokens()).put("output", usage.outputTokens())
                .put("cached", usage.cachedInputTokens()).put("reasoning", usage.reasoningTokens());
    }

    public static Usage usage(JsonNode node) {
        return new Usage(node.path("input").asLong(), node.path("output").asLong(), node.path("cached").asLong(),
                node.path("reasoning").asLong());
    }

    private static List<ContentBlock> blocks(JsonNode array) {
        List<ContentBlock> blocks = new ArrayList<>(array.size());
        array.forEach(node -> blocks.add(decodeBlock(node)));
        return blocks;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isString()) {
            throw new IllegalArgumentException("missing text field '" + field + "'");
        }
        return value.stringValue();
    }

    private static Optional<String> optional(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.stringValue());
    }
}
