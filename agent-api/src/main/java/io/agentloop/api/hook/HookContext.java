package io.agentloop.api.hook;

import java.util.Map;

/** What a hook may know of the run it is called in. */
public interface HookContext {

    /** The run's id. Never null. */
    String runId();

    /** The current iteration, from 1; 0 before the first model call. */
    int iteration();

    /**
     * A per-run, thread-safe map where hooks keep state from "before" to "after" or across calls.
     * Key it by something the hook owns (its class name) to avoid clashes. Never null.
     */
    Map<String, Object> attributes();
}
