package io.agentloop.core.tool;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.tool.ToolResult;

/** What to do with one tool call of a turn, as the run decided: run it, or give it a result without running it. */
public sealed interface CallPlan {

    ToolCall call();

    /**
     * Run the call.
     *
     * @param approved a person approved this call after its run paused: what the rules ask about runs
     */
    record Run(ToolCall call, boolean approved) implements CallPlan {
    }

    /** Do not run the call; this is its result (a repeated call, a denial by a person, an interruption). */
    record Settle(ToolCall call, ToolResult result) implements CallPlan {
    }
}
