package io.agentloop.api.run;

import io.agentloop.api.message.Message;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides what follows each model turn (and its tool calls): continue with the next iteration,
 * compact the conversation first, or stop. The built-in {@code standard} stops when the model
 * answered without tools (ANSWERED) or is stuck (STUCK), compacts over the configured threshold,
 * and otherwise continues. Another can come from a plugin; the launcher chooses it with
 * {@code run.decision-policy}, code with {@code Agent.Builder.decisionPolicy}. The iteration limit,
 * timeouts and cancellation still apply whatever it decides. Implementations must be thread-safe.
 *
 * <p>{@link #decide} is part of the run's decisions, which a durable engine may replay from the
 * run's record after a crash: it must give the same decision for the same observation, so it reads
 * no clock, draws no random number and does no I/O.
 */
public interface DecisionPolicy {

    /** The name configuration chooses it by. */
    String name();

    /** What follows the turn just observed. */
    Decision decide(Observation observation);

    /**
     * The turn just observed.
     *
     * @param iteration         the iteration that ended (from 1)
     * @param calledTools       the model asked for tools this turn (their results are in {@code messages})
     * @param stuck             why the run looks stuck (the same call repeated), if it does
     * @param compactionReason  why the conversation is over the compaction threshold, if it is
     * @param messages          the conversation so far
     */
    record Observation(int iteration, boolean calledTools, Optional<String> stuck, Optional<String> compactionReason,
                       List<Message> messages) {
        public Observation {
            Objects.requireNonNull(stuck, "stuck");
            Objects.requireNonNull(compactionReason, "compactionReason");
            messages = List.copyOf(messages);
        }
    }

    /**
     * What to do, and why (shown in the {@code decision} event).
     *
     * @param stopReason the run's reason when it stops; present exactly when {@code kind} is STOP
     */
    record Decision(DecisionKind kind, String reason, Optional<TerminalReason> stopReason) {
        public Decision {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(stopReason, "stopReason");
            if (stopReason.isPresent() != (kind == DecisionKind.STOP)) {
                throw new IllegalArgumentException("a stop reason goes with STOP and only with it");
            }
        }

        public static Decision proceed(String reason) {
            return new Decision(DecisionKind.CONTINUE, reason, Optional.empty());
        }

        public static Decision compact(String reason) {
            return new Decision(DecisionKind.COMPACT, reason, Optional.empty());
        }

        public static Decision stop(TerminalReason why, String reason) {
            return new Decision(DecisionKind.STOP, reason, Optional.of(why));
        }
    }
}
