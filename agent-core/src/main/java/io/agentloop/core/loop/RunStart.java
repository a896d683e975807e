package io.agentloop.core.loop;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.OpenTurn;
import java.util.List;
import java.util.Optional;

/**
 * What a run starts from: the conversation (after the reply hooks), and when it goes on from a
 * record, the turn it stopped in, decisions on that turn's pending calls, the new task, which
 * joins the conversation once that turn is done, and the tokens the run spent before it stopped
 * (counted in its result, and not reported again as model calls of this one).
 */
public record RunStart(List<Message> input, Optional<OpenTurn> openTurn, List<CallDecision> decisions,
                       Optional<Message> laterTask, Usage usedBefore) {
    public RunStart {
        // the input is not copied: it is made for this run and handed over (a copy per run would show)
        java.util.Objects.requireNonNull(input, "input");
        decisions = List.copyOf(decisions);
        java.util.Objects.requireNonNull(usedBefore, "usedBefore");
    }

    /** A start that spent nothing before. */
    public RunStart(List<Message> input, Optional<OpenTurn> openTurn, List<CallDecision> decisions,
                    Optional<Message> laterTask) {
        this(input, openTurn, decisions, laterTask, Usage.ZERO);
    }

    /** A run from its input alone. */
    public static RunStart of(List<Message> input) {
        return new RunStart(input, Optional.empty(), List.of(), Optional.empty());
    }

    /** The same start from another input (what the reply hooks made of it). */
    public RunStart withInput(List<Message> changed) {
        return changed == input ? this : new RunStart(changed, openTurn, decisions, laterTask, usedBefore);
    }
}
