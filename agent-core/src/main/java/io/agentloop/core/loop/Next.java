package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.tool.CallPlan;
import java.util.List;

/** What a decision says comes next: one effect to carry out, a note to add, or the end of the run. */
sealed interface Next {

    /**
     * Call the model.
     *
     * @param newIteration whether this starts the next iteration (not the final summary, not the call
     *                     made again after compacting a conversation the model found too long)
     * @param withoutTools the answer's tool calls are dropped (the final summary)
     */
    record CallModel(ChatRequest request, boolean newIteration, boolean withoutTools) implements Next {
    }

    /**
     * Carry out the open turn's calls as planned (only those not finished and not waiting).
     *
     * @param remember allow rules a person said "always" to, to add before the calls run
     */
    record Act(List<CallPlan> plans, List<String> remember) implements Next {
    }

    /** Tell the listeners what the decision policy decided, then decide again. */
    record Announce(AgentEvent.Decision decision) implements Next {
    }

    /**
     * Make the conversation shorter, towards these targets.
     *
     * @param forLength the model said the conversation is too long: the call is made again after
     */
    record Compact(String why, int targetMessages, long targetTokens, boolean forLength) implements Next {
    }

    /** Tell the model something (an answer that did not match the output schema), then decide again. */
    record Tell(String text, String why) implements Next {
    }

    /** The run completes. */
    record Finish(TerminalReason reason, String why) implements Next {
    }

    /** The run fails. */
    record Fail(AgentException error) implements Next {
    }
}
