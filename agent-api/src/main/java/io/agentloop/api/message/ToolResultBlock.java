package io.agentloop.api.message;

import java.util.Objects;

/**
 * The result of one tool call as the model sees it.
 *
 * @param toolCallId the {@link ToolCall#id()} it answers
 * @param toolName   the tool's name (some wire formats need it)
 * @param content    the text for the model; for errors, a message that says what went wrong
 * @param error      whether the call failed
 */
public record ToolResultBlock(String toolCallId, String toolName, String content, boolean error)
        implements ContentBlock {
    public ToolResultBlock {
        Objects.requireNonNull(toolCallId, "toolCallId");
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(content, "content");
    }
}
