package io.agentloop.plugins.otel;

import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import java.util.List;

/**
 * Messages as the JSON the GenAI conventions give {@code gen_ai.input.messages} and
 * {@code gen_ai.output.messages}: {@code [{"role":..,"parts":[{"type":"text","content":..}, ..]}]},
 * with {@code tool_call} and {@code tool_call_response} parts. Written by hand: the plugin carries no
 * JSON library for this one shape. Reasoning is left out.
 */
final class MessagesJson {
    private MessagesJson() {
    }

    static String of(List<? extends Message> messages) {
        StringBuilder out = new StringBuilder("[");
        for (Message message : messages) {
            if (out.length() > 1) {
                out.append(',');
            }
            out.append("{\"role\":");
            string(out, message.role().name().toLowerCase(java.util.Locale.ROOT));
            out.append(",\"parts\":[");
            boolean first = true;
            for (ContentBlock block : message.content()) {
                int before = out.length();
                if (!first) {
                    out.append(',');
                }
                if (!part(out, block)) {
                    out.setLength(before);
                } else {
                    first = false;
                }
            }
            out.append("]}");
        }
        return out.append(']').toString();
    }

    private static boolean part(StringBuilder out, ContentBlock block) {
        switch (block) {
            case TextBlock text -> {
                out.append("{\"type\":\"text\",\"content\":");
                string(out, text.text());
            }
            case ToolCall call -> {
                out.append("{\"type\":\"tool_call\",\"id\":");
                string(out, call.id());
                out.append(",\"name\":");
                string(out, call.name());
                out.append(",\"arguments\":");
                string(out, call.arguments());
            }
            case ToolResultBlock result -> {
                out.append("{\"type\":\"tool_call_response\",\"id\":");
                string(out, result.toolCallId());
                out.append(",\"response\":");
                string(out, result.content());
            }
            default -> {
                return false;
            }
        }
        out.append('}');
        return true;
    }

    static void string(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
