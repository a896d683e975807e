package io.agentloop.testkit;

import io.agentloop.api.hook.ActingInterceptor;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;

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
public final class FakeActingChain extends ScriptedChain<ToolCall, ToolResult, FakeActingChain>
        implements ActingInterceptor.Chain {

    private FakeActingChain(ToolCall call) {
        super(call, c -> ToolResult.success("ok"));
    }

    /** A chain for this call; proceeding answers {@code ok} until told otherwise. */
    public static FakeActingChain of(ToolCall call) {
        return new FakeActingChain(call);
    }

    @Override
    FakeActingChain self() {
        return this;
    }

    @Override
    public ToolCall call() {
        return input();
    }
}
