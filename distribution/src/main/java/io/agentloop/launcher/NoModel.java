package io.agentloop.launcher;

import io.agentloop.api.CancellationSignal;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;

/**
 * The model of an agent that only runs tools ({@code agentloop mcp serve}, {@code agentloop tools
 * call}): asked anyway (by a sub-agent's {@code task}), it fails saying why there is none, so no
 * provider or key is needed to run a tool.
 */
final class NoModel implements ChatModel {
    private final String why;

    /** @param why what the command does instead, said when the model is asked */
    NoModel(String why) {
        this.why = why;
    }

    @Override
    public String name() {
        return "none";
    }

    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
        throw new NonRetryableModelException(why);
    }
}
