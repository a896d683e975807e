package io.agentloop.api.hook;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;

/**
 * Wraps each tool call. May change the call or the result, or decide without running the tool:
 * returning a result without calling {@link Chain#proceed} short-circuits the call (a policy
 * refusal, a cached result). Calls {@code proceed} at most once.
 *
 * <pre>{@code
 * ActingInterceptor noDeletes = chain -> chain.call().name().equals("delete")
 *         ? ToolResult.failure(ToolResult.Failure.DENIED, "deleting is not allowed here")
 *         : chain.proceed(chain.call());
 * }</pre>
 */
@FunctionalInterface
public interface ActingInterceptor extends Hook {

    ToolResult intercept(Chain chain);

    /** The rest of the acting chain. */
    interface Chain {
        /** The call as it reached this interceptor. */
        ToolCall call();

        HookContext context();

        /**
         * Passes {@code call} on and returns its result. At most once per call.
         *
         * @throws HookException on a second call
         */
        ToolResult proceed(ToolCall call);
    }
}
