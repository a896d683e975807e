package io.agentloop.api.hook;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;

/**
 * Wraps each model call (retries included). May change the request, the response, both, or answer
 * without calling the model at all (a cache, a fallback). Calls {@link Chain#proceed} at most once.
 *
 * <pre>{@code
 * ReasoningInterceptor timing = chain -> {
 *     long start = System.nanoTime();
 *     try {
 *         return chain.proceed(chain.request());
 *     } finally {
 *         log.info("model call took {} ms", (System.nanoTime() - start) / 1_000_000);
 *     }
 * };
 * }</pre>
 */
@FunctionalInterface
public interface ReasoningInterceptor extends Hook {

    AssistantMessage intercept(Chain chain);

    /** The rest of the reasoning chain. */
    interface Chain {
        /** The request as it reached this interceptor. */
        ChatRequest request();

        HookContext context();

        /**
         * Passes {@code request} on and returns the response. At most once per call.
         *
         * @throws HookException on a second call
         */
        AssistantMessage proceed(ChatRequest request);
    }
}
