package io.agentloop.api.hook;

import io.agentloop.api.run.RunResult;

/**
 * Runs after a run ended; may change the result the caller gets (for example, a redacted final answer).
 * See {@link Hook} for ordering and failure rules. Never return null.
 */
@FunctionalInterface
public interface PostReplyHook extends Hook {
    /** Returns the result to hand to the caller. */
    RunResult afterReply(RunResult result, HookContext context);
}
