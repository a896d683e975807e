package io.agentloop.core.plan;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.PlanStep;
import java.util.ArrayList;
import java.util.List;

/**
 * What the executor remembers from one step to the next: for each step that ended, the step (one
 * short user line) and its answer. The step's tool calls, their results and its next-step prompt are
 * cleared, so a step starts from what the earlier ones found, not from how they worked (the tool
 * context is cleared between steps). Steps of one round all start from the memory as it was before
 * the round.
 */
final class StepMemory {
    private final List<Message> kept = new ArrayList<>();

    /** The history a step of the coming round starts from. */
    synchronized List<Message> history() {
        return List.copyOf(kept);
    }

    /** Keeps a step that ended with an answer: the step, and the answer without tool context. */
    synchronized void keep(PlanStep step, String answer) {
        kept.add(UserMessage.of("Step " + step.id() + ": " + step.description()));
        kept.add(io.agentloop.api.message.AssistantMessage.of(answer));
    }
}
