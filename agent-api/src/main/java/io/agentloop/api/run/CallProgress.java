package io.agentloop.api.run;

import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How far one tool call of an {@link OpenTurn} got, as its record says.
 *
 * @param call     the call as the model asked for it
 * @param stage    where it stands
 * @param result   its result, when {@link Stage#FINISHED}
 * @param pending  what it waits for, when {@link Stage#PENDING}
 * @param decision a person's decision on it, once given (the call is still {@link Stage#PENDING}
 *                 until the run goes on and carries the decision out)
 * @param at       when its latest record was written
 */
public record CallProgress(ToolCall call, Stage stage, Optional<ToolResultBlock> result,
                           Optional<PendingCall> pending, Optional<CallDecision> decision, Instant at) {
    public CallProgress {
        Objects.requireNonNull(call, "call");
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(pending, "pending");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(at, "at");
        if ((stage == Stage.FINISHED) != result.isPresent()) {
            throw new IllegalArgumentException("a finished call has a result, any other none");
        }
        if ((stage == Stage.PENDING) != pending.isPresent()) {
            throw new IllegalArgumentException("a pending call says what it waits for, any other does not");
        }
    }

    /** Where a call stands. */
    public enum Stage {
        /** Asked for; nothing of it ran. Going on runs it. */
        NOT_STARTED,
        /** Waits for a person's decision; nothing of it ran. */
        PENDING,
        /**
         * Started and never finished (the process stopped while it ran). Going on reports it to the
         * model as interrupted, unless its tool is {@linkplain io.agentloop.api.tool.Tool#safeToRepeat()
         * safe to repeat}.
         */
        STARTED,
        /** Finished; its result is on record and it never runs again. */
        FINISHED
    }

    public static CallProgress notStarted(ToolCall call, Instant at) {
        return new CallProgress(call, Stage.NOT_STARTED, Optional.empty(), Optional.empty(), Optional.empty(), at);
    }
}
