package io.agentloop.core.loop;

import io.agentloop.api.message.Message;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.call.ModelCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code PLANNING}: checks the iteration limit (ending the run after an optional summary call),
 * then whether the conversation must be compacted, and otherwise moves on to the next model call.
 */
final class PlanningStep implements Step {
    private static final Logger log = LoggerFactory.getLogger(PlanningStep.class);
    static final String SUMMARY_REQUEST = "You have reached the limit of steps for this task and cannot call any "
            + "more tools. Summarise what you found and did so far, what is left to do, and give your best answer.";

    @Override
    public AgentState apply(Run run) {
        if (run.control.aborted()) {
            return run.completeStopped();
        }
        if (run.iteration() >= run.options().maxIterations()) {
            if (run.options().finalSummary() && summarise(run)) {
                return run.completeStopped();
            }
            return run.complete(TerminalReason.MAX_ITERATIONS);
        }
        if (!run.justCompacted() && run.compaction.reason(run.messages()) != null) {
            return AgentState.COMPACTING;
        }
        run.justCompacted(false);
        return AgentState.EXECUTING;
    }

    /** One last call without tools. Returns true if the run was stopped meanwhile. */
    private boolean summarise(Run run) {
        ChatRequest next = run.nextRequest();
        List<Message> messages = new ArrayList<>(next.messages());
        messages.add(UserMessage.of(SUMMARY_REQUEST));
        ChatRequest request = new ChatRequest(messages, next.tools(), next.options().withToolChoice(ToolChoice.NONE));
        switch (run.modelCall.execute(request, false, call -> Optional.empty())) {
            case ModelCall.Outcome.Succeeded s -> run.addTurn(s.message(), List.of());
            case ModelCall.Outcome.Aborted a -> {
                a.partial().ifPresent(p -> run.addTurn(p, List.of()));
                return true;
            }
            case ModelCall.Outcome.Failed f -> log.warn("run {}: the final summary call failed; the run ends "
                    + "without it: {}", run.id, f.error().getMessage());
        }
        return false;
    }
}
