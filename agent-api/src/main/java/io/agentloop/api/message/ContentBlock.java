package io.agentloop.api.message;

/**
 * One block of a message's content. A closed set: text, reasoning, a tool call and a tool result.
 * Which blocks a message may hold is checked by each message type's constructor.
 */
public sealed interface ContentBlock permits TextBlock, ReasoningBlock, ToolCall, ToolResultBlock {
}
