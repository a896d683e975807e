package io.agentloop.core.format;

import io.agentloop.api.format.Formatter;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.model.ChatRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code openai-chat}, the first of the design's three formatter strategies: the conversation in the
 * shape of OpenAI's chat completions, the common ground of OpenAI-compatible servers. Tools, calls
 * and results stay in the API's own fields, as with {@code native}; the system instructions become
 * one system message at the start, since many such servers (and the chat templates of local models
 * behind them) refuse a system message anywhere else or more than one. The answer is read as the
 * provider reports it.
 */
public final class OpenAiChatFormatter implements Formatter {
    public static final String ID = "openai-chat";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ChatRequest format(ChatRequest request) {
        StringBuilder system = new StringBuilder();
        List<Message> messages = new ArrayList<>(request.messages().size());
        for (Message message : request.messages()) {
            if (message instanceof SystemMessage m) {
                system.append(system.isEmpty() ? "" : "\n\n").append(m.text());
            } else {
                messages.add(message);
            }
        }
        if (!system.isEmpty()) {
            messages.addFirst(new SystemMessage(system.toString()));
        }
        return new ChatRequest(messages, request.tools(), request.options());
    }

    @Override
    public AssistantMessage parse(AssistantMessage answer) {
        return answer;
    }
}
