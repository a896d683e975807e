package io.agentloop.core.hook;

import io.agentloop.api.hook.HookException;
import io.agentloop.core.hook.InterceptorChain.Link;
import io.agentloop.core.hook.InterceptorChain.Next;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Adapts the three hook shapes onto chain links, with their failure rules:
 * a "before" transform that throws stops the step; an "after" transform that throws lets the
 * outer "after" transforms run on the last good value; an interceptor's own exception is wrapped
 * with its name, while failures from further in pass through untouched.
 */
final class HookLinks {
    private HookLinks() {
    }

    /** A link with a name and a body. */
    private record Named<I, O>(String name, BiFunction<I, Next<I, O>, O> body) implements Link<I, O> {
        @Override
        public O apply(I input, Next<I, O> next) {
            return body.apply(input, next);
        }
    }

    static <I, O> Link<I, O> before(String name, String phase, Function<I, I> transform) {
        return new Named<I, O>(name, (input, next) -> {
            I changed;
            try {
                changed = transform.apply(input);
            } catch (RuntimeException e) {
                throw failed(name, phase, e);
            }
            if (changed == null) {
                throw new HookException(name, phase + " hook " + name + " returned null", null);
            }
            return next.proceed(changed);
        });
    }

    static <I, O> Link<I, O> after(String name, String phase, BiFunction<I, O, O> transform) {
        return new Named<I, O>(name, (input, next) -> {
            O result;
            AfterHookFailure pending = null;
            try {
                result = next.proceed(input);
            } catch (AfterHookFailure f) {
                pending = f;
                result = f.value();
            }
            O changed;
            try {
                changed = transform.apply(input, result);
                if (changed == null) {
                    throw new HookException(name, phase + " hook " + name + " returned null", null);
                }
            } catch (RuntimeException e) {
                HookException failure = e instanceof HookException h && name.equals(h.hookName())
                        ? h : failed(name, phase, e);
                throw pending == null ? AfterHookFailure.of(failure, result) : pending.and(failure, result);
            }
            if (pending != null) {
                throw pending.and(null, changed);
            }
            return changed;
        });
    }

    static <I, O> Link<I, O> around(String name, String phase, BiFunction<I, Next<I, O>, O> interceptor) {
        return new Named<I, O>(name, (input, next) -> {
            try {
                return interceptor.apply(input, next);
            } catch (AfterHookFailure | HookException e) {
                throw e;
            } catch (RuntimeException e) {
                if (next.isFromInside(e)) {
                    throw e;
                }
                throw failed(name, phase, e);
            }
        });
    }

    private static HookException failed(String name, String phase, RuntimeException cause) {
        return new HookException(name, phase + " hook " + name + " failed: " + cause, cause);
    }

    /** Runs a chain and turns a carried after-hook failure back into its exception. */
    static <I, O> O run(InterceptorChain<I, O> chain, I input, Function<I, O> terminal) {
        try {
            return chain.proceed(input, terminal);
        } catch (AfterHookFailure f) {
            throw f.failure();
        }
    }
}
