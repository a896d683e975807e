package io.agentloop.launcher;

import io.agentloop.api.format.Formatter;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.ContentBlock;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.TextBlock;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.tool.ToolSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * A plugin's formatter for the tests: the ReAct text convention. Tools are listed in a system
 * message, a call is a line {@code Action: <tool> <json arguments>}, a result comes back as
 * {@code Observation: <result>}. Uses agent-api alone, as a plugin does.
 */
public final class ActionFormatter implements Formatter {
    private static final String ACTION = "Action: ";

    @Override
    public String id() {
        return "action";
    }

    @Override
    public ChatRequest format(ChatRequest request) {
        List<Message> messages = new ArrayList<>();
        StringBuilder tools = new StringBuilder("To use a tool write a line 'Action: <tool> <JSON arguments>'. Tools:");
        for (ToolSpec tool : request.tools()) {
            tools.append(' ').append(tool.name());
        }
        messages.add(new SystemMessage(tools.toString()));
        for (Message message : request.messages()) {
            switch (message) {
                case AssistantMessage a -> {
                    StringBuilder text = new StringBuilder(a.text());
                    a.toolCalls().forEach(c -> text.append('\n').append(ACTION).append(c.name()).append(' ')
                            .append(c.arguments()));
                    messages.add(AssistantMessage.of(text.toString().strip()));
                }
                case ToolMessage t -> {
                    StringBuilder text = new StringBuilder();
                    for (ToolResultBlock result : t.results()) {
                        text.append("Observation: ").append(result.content()).append('\n');
                    }
                    messages.add(UserMessage.of(text.toString().strip()));
                }
                default -> messages.add(message);
            }
        }
        return new ChatRequest(messages, List.of(), request.options());
    }

    @Override
    public AssistantMessage parse(AssistantMessage answer) {
        List<ContentBlock> blocks = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int calls = 0;
        for (String line : answer.text().split("\n")) {
            if (line.startsWith(ACTION)) {
                String call = line.substring(ACTION.length()).strip();
                int space = call.indexOf(' ');
                blocks.add(ToolCall.of("action_" + calls++, call.substring(0, space), call.substring(space + 1)));
            } else {
                text.append(line).append('\n');
            }
        }
        if (!text.toString().isBlank()) {
            blocks.addFirst(new TextBlock(text.toString().strip()));
        }
        return new AssistantMessage(blocks, answer.usage(), calls > 0 ? StopReason.TOOL_CALLS : answer.stopReason());
    }
}
