package io.agentloop.testkit;

import io.agentloop.api.hook.ReasoningInterceptor;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;

/**
 * The rest of the reasoning chain, for testing a {@link ReasoningInterceptor} on its own: it
 * answers {@link #proceed} as you script it (the model's reply), records the request passed on, and
 * refuses a second proceed as the platform does.
 */
public final class FakeReasoningChain extends ScriptedChain<ChatRequest, AssistantMessage, FakeReasoningChain>
        implements ReasoningInterceptor.Chain {

    private FakeReasoningChain(ChatRequest request) {
        super(request, r -> AssistantMessage.of("ok"));
    }

    /** A chain for this request; proceeding answers {@code ok} until told otherwise. */
    public static FakeReasoningChain of(ChatRequest request) {
        return new FakeReasoningChain(request);
    }

    @Override
    FakeReasoningChain self() {
        return this;
    }

    @Override
    public ChatRequest request() {
        return input();
    }
}
