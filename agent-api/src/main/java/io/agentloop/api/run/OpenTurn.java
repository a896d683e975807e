package io.agentloop.api.run;

import io.agentloop.api.message.AssistantMessage;
import java.util.List;
import java.util.Objects;

/**
 * A model turn whose tool calls did not all finish: the run paused for approval, or its process
 * stopped while the calls ran. Going on from it ({@link Resumption}) carries out what is left, never
 * repeating a finished call.
 *
 * @param turn  the model's turn, with its tool calls
 * @param calls each call of the turn and how far it got, in call order
 */
public record OpenTurn(AssistantMessage turn, List<CallProgress> calls) {
    public OpenTurn {
        Objects.requireNonNull(turn, "turn");
        calls = List.copyOf(calls);
    }

    /** The calls that wait for a person's decision and have none yet, in call order. */
    public List<PendingCall> undecided() {
        return calls.stream().filter(c -> c.stage() == CallProgress.Stage.PENDING && c.decision().isEmpty())
                .map(c -> c.pending().orElseThrow()).toList();
    }
}
