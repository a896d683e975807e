package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.message.Message;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.tool.CallOutcome;
import io.agentloop.core.tool.CallPlan;
import java.util.List;

/**
 * Carries out a run's effects, the steps that touch the world: a model call, the tool calls of a
 * turn, a compaction (whose strategy may call a model). The loop decides ({@link Decider}) and
 * records each outcome before it decides again, so a runner is free in how and where it carries an
 * effect out: {@link InProcessEffects} does it here and now; a durable runner can run each effect as
 * an activity elsewhere and replay the decisions from the record after a crash.
 */
public interface Effects extends AutoCloseable {

    /**
     * One model call.
     *
     * @param newIteration it starts the next iteration (whose deadline starts now)
     */
    ModelCall.Outcome callModel(ChatRequest request, boolean newIteration);

    /**
     * The tool calls of the open turn, as planned; one outcome per plan, in order.
     *
     * @param remember allow rules a person said "always" to, in force before the calls run
     */
    List<CallOutcome> act(List<CallPlan> plans, List<String> remember);

    /** Makes the conversation shorter, towards these targets. */
    Compaction compact(List<Message> conversation, int targetMessages, long targetTokens);

    /**
     * Calls of the open turn wait for a person. A runner that can wait for the answer (a durable
     * engine, which waits for a signal at no cost) returns the decisions and the run goes on; the
     * default is none, and the run pauses with the calls on record.
     */
    default List<CallDecision> awaitDecisions(List<PendingCall> waiting) {
        return List.of();
    }

    /** The iteration's model turn and its calls are done (its deadline ends). */
    void iterationEnded();

    /** The run is over. */
    @Override
    void close();

    /** What a compaction came to. */
    sealed interface Compaction {
        record Done(List<Message> messages, String strategy) implements Compaction {
        }

        record Failed(AgentException error) implements Compaction {
        }
    }
}
