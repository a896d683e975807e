package io.agentloop.core.loop;

import io.agentloop.api.run.DecisionKind;
import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.time.PausableTimer;
import io.agentloop.core.time.Timekeeper;
import io.agentloop.core.tool.ToolOutcome;
import java.time.Duration;
import java.util.List;

/**
 * {@code EXECUTING}: one iteration, that is one model call and the tools it asks for (the inner
 * machine), under the iteration timeout. Adds the model's turn and the tool results to the
 * conversation, whatever happened, so nothing is lost when the run is stopped.
 */
final class ExecutingStep implements Step {

    @Override
    public AgentState apply(Run run) {
        RunOptions options = run.options();
        int n = run.nextIteration();
        Timekeeper time = run.time();
        long started = time.nanoTime();
        run.events.publish(new AgentEvent.IterationStarted(n, options.maxIterations()));
        PausableTimer timeout = run.control.deadline(time, options.iterationTimeout(), TerminalReason.TIMEOUT,
                "iteration " + n + " took longer than " + options.iterationTimeout().toMillis() + " ms");
        run.stuck.nextTurn();
        ModelCall.Outcome outcome;
        try {
            outcome = call(run);
            if (outcome instanceof ModelCall.Outcome.Failed f && tooLong(f.error()) && !run.control.aborted()) {
                // the provider's own limit is the real one: compact below what was sent, then try once more
                long sent = run.settings.estimator().estimate(run.messages());
                AgentState failed = CompactingStep.compact(run, Math.max(1, run.messages().size() / 2),
                        Math.max(1, sent / 2));
                if (failed != null) {
                    return failed;
                }
                run.events.publish(new AgentEvent.Decision(DecisionKind.COMPACT, "the provider said the "
                        + "conversation is too long (" + f.error().getMessage() + "): compacted it, calling once more"));
                outcome = call(run);
            }
        } finally {
            timeout.cancel();
        }
        return switch (outcome) {
            case ModelCall.Outcome.Succeeded s -> {
                run.addTurn(s.message(), s.tools());
                run.events.publish(new AgentEvent.IterationCompleted(n,
                        Duration.ofNanos(time.nanoTime() - started), s.tools().size()));
                if (run.control.aborted()) {
                    yield run.completeStopped();
                }
                yield options.continueOnError() ? AgentState.OBSERVING : failOnToolError(run, s.tools());
            }
            case ModelCall.Outcome.Aborted a -> {
                a.partial().ifPresent(p -> run.addTurn(p, List.of()));
                yield run.completeStopped();
            }
            case ModelCall.Outcome.Failed f -> run.fail(f.error());
        };
    }

    private static ModelCall.Outcome call(Run run) {
        return run.modelCall.execute(run.nextRequest(), true, run.stuck::check);
    }

    private static boolean tooLong(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof ContextLengthExceededException) {
                return true;
            }
        }
        return false;
    }

    private static AgentState failOnToolError(Run run, List<ToolOutcome> outcomes) {
        for (ToolOutcome outcome : outcomes) {
            if (outcome.result().isError()) {
                return run.fail(new AgentException("tool '" + outcome.call().name() + "' (call " + outcome.call().id()
                        + ") failed and continueOnError is off: " + outcome.result().content()));
            }
        }
        return AgentState.OBSERVING;
    }
}
