package io.agentloop.api.message;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A model's turn: reasoning, text and tool calls in the order the model produced them, with the
 * usage the call reported and why the model stopped. Text that comes with tool calls is kept.
 *
 * @param content    text, reasoning and tool-call blocks; never tool results
 * @param usage      tokens of the call that produced this message ({@link Usage#ZERO} if unknown)
 * @param stopReason why the model stopped
 */
public record AssistantMessage(List<ContentBlock> content, Usage usage, StopReason stopReason)
        implements Message {
    public AssistantMessage {
        content = List.copyOf(content);
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(stopReason, "stopReason");
        for (ContentBlock block : content) {
            if (block instanceof ToolResultBlock) {
                throw new IllegalArgumentException("an assistant message cannot hold tool results");
            }
        }
    }

    /** A text-only answer. */
    public static AssistantMessage of(String text) {
        return new AssistantMessage(List.of(new TextBlock(text)), Usage.ZERO, StopReason.END_TURN);
    }

    @Override
    public Role role() {
        return Role.ASSISTANT;
    }

    /** The tool calls, in order. Never null. */
    public List<ToolCall> toolCalls() {
        List<ToolCall> calls = new ArrayList<>(2);
        for (ContentBlock block : content) {
            if (block instanceof ToolCall call) {
                calls.add(call);
            }
        }
        return calls;
    }

    public boolean hasToolCalls() {
        for (ContentBlock block : content) {
            if (block instanceof ToolCall) {
                return true;
            }
        }
        return false;
    }

    /** The concatenated reasoning text. Never null. */
    public String reasoning() {
        StringBuilder out = new StringBuilder();
        for (ContentBlock block : content) {
            if (block instanceof ReasoningBlock r) {
                out.append(r.text());
            }
        }
        return out.toString();
    }

    /** The same message with other content (used by post-reasoning hooks). */
    public AssistantMessage withContent(List<ContentBlock> newContent) {
        return new AssistantMessage(newContent, usage, stopReason);
    }

    /** The same message with its text replaced by one text block, reasoning and tool calls kept. */
    public AssistantMessage withText(String text) {
        List<ContentBlock> blocks = new ArrayList<>();
        boolean placed = false;
        for (ContentBlock block : content) {
            if (block instanceof TextBlock) {
                if (!placed) {
                    blocks.add(new TextBlock(text));
                    placed = true;
                }
            } else {
                blocks.add(block);
            }
        }
        if (!placed) {
            blocks.add(new TextBlock(text));
        }
        return new AssistantMessage(blocks, usage, stopReason);
    }
}
