package io.agentloop.testkit;

import io.agentloop.api.hook.HookContext;
import io.agentloop.api.hook.HookException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The rest of an interceptor chain, scripted: what reached the interceptor, the context, the
 * answer to {@code proceed}, and what was passed on; a second proceed is refused as the platform
 * refuses it. {@link FakeActingChain} and {@link FakeReasoningChain} are the two kinds.
 *
 * @param <I> what goes down the chain (a tool call, a request)
 * @param <O> what comes back (a tool result, the model's reply)
 * @param <S> the chain's own type, for chained set-up calls
 */
abstract class ScriptedChain<I, O, S extends ScriptedChain<I, O, S>> {
    private final I input;
    private HookContext context = new FakeHookContext();
    private Function<I, O> answer;
    private I proceeded;

    ScriptedChain(I input, Function<I, O> answer) {
        this.input = Objects.requireNonNull(input, "input");
        this.answer = answer;
    }

    abstract S self();

    final I input() {
        return input;
    }

    public S context(HookContext value) {
        this.context = Objects.requireNonNull(value, "context");
        return self();
    }

    /** What proceeding returns. */
    public S answering(O value) {
        Objects.requireNonNull(value, "value");
        return answering(ignored -> value);
    }

    /** What proceeding returns for what is passed on. */
    public S answering(Function<I, O> value) {
        this.answer = Objects.requireNonNull(value, "value");
        return self();
    }

    public HookContext context() {
        return context;
    }

    public synchronized O proceed(I next) {
        if (proceeded != null) {
            throw new HookException("interceptor", "the interceptor called proceed() more than once", null);
        }
        proceeded = Objects.requireNonNull(next, "passed on");
        return answer.apply(next);
    }

    /** What the interceptor passed on, or empty when it did not proceed. */
    public synchronized Optional<I> proceeded() {
        return Optional.ofNullable(proceeded);
    }
}
