package io.agentloop.core.hook;

import io.agentloop.api.hook.HookException;
import java.util.List;
import java.util.function.Function;

/**
 * The hook engine: an around-chain of links ending in a terminal call, walked front to back
 * (like OkHttp's interceptor chain). Every hook shape of a phase is adapted onto a {@link Link}.
 * The chain enforces the contract and names the offender: a link returning null, a link calling
 * {@code proceed} twice.
 *
 * @param <I> what flows in (a request, a tool call)
 * @param <O> what flows out (a response, a tool result)
 */
public final class InterceptorChain<I, O> {
    private final List<Link<I, O>> links;

    /** @param links outermost first */
    public InterceptorChain(List<Link<I, O>> links) {
        this.links = List.copyOf(links);
    }

    public boolean isEmpty() {
        return links.isEmpty();
    }

    /** Runs {@code input} through every link and then {@code terminal}. */
    public O proceed(I input, Function<I, O> terminal) {
        if (links.isEmpty()) {
            return terminal.apply(input);
        }
        return new Position(0, terminal).proceed(input);
    }

    /** One link of the chain. */
    public interface Link<I, O> {
        /** The hook's name, for error messages. */
        String name();

        O apply(I input, Next<I, O> next);
    }

    /** The rest of the chain, as seen by one link. */
    public interface Next<I, O> {
        O proceed(I input);

        /**
         * Whether {@code failure} came out of {@link #proceed} (from further in) rather than from
         * the link itself; links only wrap their own failures.
         */
        boolean isFromInside(Throwable failure);
    }

    private final class Position implements Next<I, O> {
        private final int index;
        private final Function<I, O> terminal;
        private boolean called;
        private Throwable insideFailure;

        Position(int index, Function<I, O> terminal) {
            this.index = index;
            this.terminal = terminal;
        }

        @Override
        public O proceed(I input) {
            if (called) {
                String offender = links.get(index - 1).name();
                throw new HookException(offender, "hook " + offender + " called proceed() more than once", null);
            }
            called = true;
            if (input == null) {
                String offender = links.get(index - 1).name();
                throw new HookException(offender, "hook " + offender + " passed null to proceed()", null);
            }
            try {
                if (index == links.size()) {
                    return terminal.apply(input);
                }
                Link<I, O> link = links.get(index);
                O output = link.apply(input, new Position(index + 1, terminal));
                if (output == null) {
                    throw new HookException(link.name(), "hook " + link.name() + " returned null", null);
                }
                return output;
            } catch (RuntimeException | Error e) {
                insideFailure = e;
                throw e;
            }
        }

        @Override
        public boolean isFromInside(Throwable failure) {
            return failure == insideFailure;
        }
    }
}
