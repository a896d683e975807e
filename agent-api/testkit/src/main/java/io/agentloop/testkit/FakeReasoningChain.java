package io.agentloop.testkit;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.HookException;
import io.agentloop.api.hook.ReasoningInterceptor;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The rest of the reasoning chain, for testing a {@link ReasoningInterceptor} on its own: it
 * answers {@link #proceed} as you script it (the model's reply), records the request passed on, and
 * refuses a second proceed as the platform does.
 */
public final class FakeReasoningChain implements ReasoningInterceptor.Chain {
    private final ChatRequest request;
    private HookContext context = new FakeHookContext();
    private Function<ChatRequest, AssistantMessage> model = r -> AssistantMessage.of("ok");
    private ChatRequest proceeded;

    private FakeReasoningChain(ChatRequest request) {
        this.request = Objects.requireNonNull(request, "request");
    }

    /** A chain for this request; proceeding answers {@code ok} until told otherwise. */
    public static FakeReasoningChain of(ChatRequest request) {
        return new FakeReasoningChain(request);
    }

    public FakeReasoningChain context(HookContext value) {
        this.context = Objects.requireNonNull(value, "context");
        return this;
    }

    /** What proceeding returns. */
    public FakeReasoningChain answering(AssistantMessage reply) {
        Objects.requireNonNull(reply, "reply");
        return answering(r -> reply);
    }

    /** What proceeding returns for the request passed on. */
    public FakeReasoningChain answering(Function<ChatRequest, AssistantMessage> reply) {
        this.model = Objects.requireNonNull(reply, "reply");
        return this;
    }

    @Override
    public ChatRequest request() {
        return request;
    }

    @Override
    public HookContext context() {
        return context;
    }

    @Override
    public synchronized AssistantMessage proceed(ChatRequest next) {
        if (proceeded != null) {
            throw new HookException("interceptor", "the interceptor called proceed() more than once", null);
        }
        proceeded = Objects.requireNonNull(next, "request");
        return model.apply(next);
    }

    /** The request the interceptor passed on, or empty when it did not proceed. */
    public synchronized Optional<ChatRequest> proceeded() {
        return Optional.ofNullable(proceeded);
    }
}
