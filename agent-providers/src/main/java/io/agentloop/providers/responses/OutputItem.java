package io.agentloop.providers.responses;

import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.ReasoningBlock;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.providers.http.JsonRead;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JsonParser;

/**
 * One output item of a response ({@code reasoning}, {@code message}, {@code function_call}), read
 * from its tokens. The item's type may come after the fields it governs (the API does not order
 * properties), so every field the loop could use is kept until the item ends. A reasoning item's
 * encrypted content (there when the request asked for it) becomes its block's signature, so the item
 * can be sent back with {@code store: false}.
 */
final class OutputItem {
    private String type = "";
    private String callId = "";
    private String name = "";
    private String arguments = "";
    private String encryptedContent = "";
    /** The reasoning summary's parts, joined with blank lines; null while there is none. */
    private StringBuilder summary;
    /** The text of each {@code output_text} part of a message, in order. */
    private List<String> texts = List.of();

    private OutputItem() {
    }

    /** Reads the item object the parser is on. */
    static OutputItem read(JsonParser item) {
        OutputItem read = new OutputItem();
        JsonRead.object(item, (field, value) -> {
            switch (field) {
                case "type" -> read.type = JsonRead.string(value, "");
                case "call_id" -> read.callId = JsonRead.string(value, "");
                case "name" -> read.name = JsonRead.string(value, "");
                case "arguments" -> read.arguments = JsonRead.string(value, "");
                case "encrypted_content" -> read.encryptedContent = JsonRead.string(value, "");
                case "summary" -> JsonRead.array(value, read::summaryPart);
                case "content" -> JsonRead.array(value, read::contentPart);
                default -> {
                }
            }
        });
        return read;
    }

    private void summaryPart(JsonParser part) {
        String[] text = {""};
        JsonRead.object(part, (field, value) -> {
            if (field.equals("text")) {
                text[0] = JsonRead.string(value, "");
            }
        });
        if (summary == null) {
            summary = new StringBuilder();
        }
        summary.append(summary.isEmpty() ? "" : "\n\n").append(text[0]);
    }

    private void contentPart(JsonParser part) {
        String[] fields = {"", ""};
        JsonRead.object(part, (field, value) -> {
            switch (field) {
                case "type" -> fields[0] = JsonRead.string(value, "");
                case "text" -> fields[1] = JsonRead.string(value, "");
                default -> {
                }
            }
        });
        if (fields[0].equals("output_text")) {
            if (texts.isEmpty()) {
                texts = new ArrayList<>(1);
            }
            texts.add(fields[1]);
        }
    }

    boolean isFunctionCall() {
        return type.equals("function_call");
    }

    boolean isReasoning() {
        return type.equals("reasoning");
    }

    /** The encrypted reasoning, empty when the item has none. */
    String encryptedContent() {
        return encryptedContent;
    }

    String callId() {
        return callId;
    }

    String name() {
        return name;
    }

    String arguments() {
        return arguments;
    }

    /**
     * Adds the item's blocks: the summary of a reasoning item, the texts of a message, a function
     * call. Other items (built-in tools such as web search) ran on OpenAI's side and add nothing.
     *
     * @return whether the item is a function call
     */
    boolean addTo(List<ContentBlock> blocks) {
        switch (type) {
            case "reasoning" -> {
                String text = summary == null ? "" : summary.toString();
                if (!encryptedContent.isEmpty()) {
                    blocks.add(new ReasoningBlock(text, Optional.of(encryptedContent), Optional.empty()));
                } else if (!text.isEmpty()) {
                    blocks.add(ReasoningBlock.of(text));
                }
            }
            case "message" -> texts.forEach(text -> blocks.add(new TextBlock(text)));
            case "function_call" -> blocks.add(ToolCall.of(callId, name, arguments));
            default -> {
            }
        }
        return isFunctionCall();
    }
}
