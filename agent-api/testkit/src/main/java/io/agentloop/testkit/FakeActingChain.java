package io.agentloop.testkit;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.HookException;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The rest of the acting chain, for testing an {@link ActingInterceptor} on its own: it answers
 * {@link #proceed} as you script it (the tool's result), records the call passed on, and refuses a
 * second proceed as the platform does.
 *
 * <pre>{@code
 * FakeActingChain chain = FakeActingChain.of(ToolCall.of("c1", "bash", "{\"command\":\"rm -rf /\"}"))
 *         .answering(ToolResult.success("done"));
 * ToolResult result = new Guard().intercept(chain);
 * assertThat(chain.proceeded()).isEmpty();   // refused without running the tool
 * }</pre>
 */
public final class FakeActingChain implements ActingInterceptor.Chain {
    private final ToolCall call;
    private HookContext context = new FakeHookContext();
    private Function<ToolCall, ToolResult> tool = c -> ToolResult.success("ok");
    private ToolCall proceeded;

    private FakeActingChain(ToolCall call) {
        this.call = Objects.requireNonNull(call, "call");
    }

    /** A chain for this call; proceeding answers {@code ok} until told otherwise. */
    public static FakeActingChain of(ToolCall call) {
        return new FakeActingChain(call);
    }

    public FakeActingChain context(HookContext value) {
        this.context = Objects.requireNonNull(value, "context");
        return this;
    }

    /** What proceeding returns. */
    public FakeActingChain answering(ToolResult result) {
        Objects.requireNonNull(result, "result");
        return answering(c -> result);
    }

    /** What proceeding returns for the call passed on. */
    public FakeActingChain answering(Function<ToolCall, ToolResult> result) {
        this.tool = Objects.requireNonNull(result, "result");
        return this;
    }

    @Override
    public ToolCall call() {
        return call;
    }

    @Override
    public HookContext context() {
        return context;
    }

    @Override
    public synchronized ToolResult proceed(ToolCall next) {
        if (proceeded != null) {
            throw new HookException("interceptor", "the interceptor called proceed() more than once for call "
                    + call.id(), null);
        }
        proceeded = Objects.requireNonNull(next, "call");
        return tool.apply(next);
    }

    /** The call the interceptor passed on, or empty when it did not proceed. */
    public synchronized Optional<ToolCall> proceeded() {
        return Optional.ofNullable(proceeded);
    }
}
