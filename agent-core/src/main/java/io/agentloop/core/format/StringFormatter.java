package io.agentloop.core.format;

import io.agentloop.api.format.Formatter;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import java.util.List;

/**
 * {@code string}, the third of the design's three formatter strategies: the whole conversation as
 * one string, for models that complete a prompt rather than hold a chat. The request is a single
 * user message: a transcript whose turns are headed {@code System:}, {@code User:} and
 * {@code Assistant:}, written with {@link TextFormatter}'s protocol (tools described in the system
 * part, calls as JSON lines, results as {@code Result of <tool>:} text), ending with an empty
 * {@code Assistant:} turn for the model to complete. Answers are read with that protocol too.
 */
public final class StringFormatter implements Formatter {
    public static final String ID = "string";
    private final TextFormatter text = new TextFormatter();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ChatRequest format(ChatRequest request) {
        ChatRequest plain = text.format(request);
        StringBuilder transcript = new StringBuilder();
        for (Message message : plain.messages()) {
            String heading = switch (message) {
                case SystemMessage m -> "System";
                case UserMessage m -> "User";
                case AssistantMessage m -> "Assistant";
                case ToolMessage m -> throw new IllegalStateException("the text protocol left a tool message");
            };
            transcript.append(heading).append(":\n").append(message.text().strip()).append("\n\n");
        }
        transcript.append("Assistant:");
        return new ChatRequest(List.of(UserMessage.of(transcript.toString())), List.of(), plain.options());
    }

    @Override
    public AssistantMessage parse(AssistantMessage answer) {
        return text.parse(answer);
    }
}
