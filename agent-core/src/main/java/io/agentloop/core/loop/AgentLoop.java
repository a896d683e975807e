package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallState;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.DecisionKind;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.call.ModelCall;
import io.agentloop.core.run.StateTracker;
import io.agentloop.core.time.Timekeeper;
import io.agentloop.core.tool.CallOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The outer state machine's driver ({@link AgentState}): plan, execute, observe. The run decides in
 * {@code PLANNING} and {@code OBSERVING}, through the {@link Decider}, which reads only the run's
 * state; {@code EXECUTING} is the inner process ({@link CallState}): the model call, then the tool
 * calls its answer asks for, each an effect of an {@link Effects} runner whose outcome is recorded
 * here (in the state, the memory and the run's journal) before the next decision. The outer state
 * changes only in {@link StateTracker#move}. Stateless: a run's start comes in, its result goes out.
 */
public final class AgentLoop {
    private static final Logger log = LoggerFactory.getLogger(AgentLoop.class);

    /** Drives the run from {@code INIT} to a terminal state with the in-process effect runner. Never throws for a run's failure. */
    public RunResult drive(RunContext run, RunStart start) {
        ModelCall model = new ModelCall(run.settings.model(), run.hooks(), run.events, run.settings.time(),
                run.settings.retry(), run.control, run.settings.estimator());
        try (Effects effects = new InProcessEffects(run, model)) {
            return drive(run, start, effects);
        }
    }

    /**
     * Drives the run with this effect runner: a durable engine's, which carries each effect out as
     * its own step elsewhere and replays these decisions from its record.
     */
    public RunResult drive(RunContext run, RunStart start, Effects effects) {
        Timekeeper time = run.settings.time();
        long startedAt = time.nanoTime();
        RunState state = run.state;
        Decider decider = decider(run);
        StateTracker<AgentState> machine = new StateTracker<>(AgentState.INIT, AgentState::canMoveTo, run.events, time);
        Steps steps = new Steps(run, effects, start, decider, machine);
        try {
            state.start(start.input(), start.openTurn(), start.decisions(), start.laterTask().isPresent());
            state.addUsage(start.usedBefore()); // the same run's tokens: reported when they were spent, not again
            run.taskFrom(start.input());
            run.journal.input(start.input());
            run.remember(start.input());
            machine.move(AgentState.PLANNING);
            while (!machine.state().isTerminal()) {
                steps.stopIfAsked();
                switch (machine.state()) {
                    case PLANNING -> steps.plan();
                    case OBSERVING -> steps.observe();
                    default -> throw new IllegalStateException("the loop decides in PLANNING and OBSERVING, not in "
                            + machine.state());
                }
            }
        } catch (AgentException e) {
            state.fail(e);
            machine.move(AgentState.FAILED);
        } catch (RuntimeException e) {
            log.error("run {}: unexpected failure in state {}", run.id, machine.state(), e);
            state.fail(new AgentException("unexpected failure in state " + machine.state() + ": " + e, e));
            machine.move(AgentState.FAILED);
        }
        return state.result(machine.state(), Duration.ofNanos(time.nanoTime() - startedAt));
    }

    /** The run's moves between its states, each after a decision; the effects they carry out are recorded by {@link Turns}. */
    private record Steps(RunContext run, Effects effects, RunStart start, Decider decider,
                         StateTracker<AgentState> machine) {

        void stopIfAsked() {
            if (run.control.aborted()) {
                run.state.stoppedFor(run.control.reason().orElseThrow());
            }
        }

        /** In PLANNING: the next call, a compaction that is due, the open turn of a resumed run, or the end. */
        void plan() {
            switch (decider.plan(run.state, run.conversation())) {
                case Next.CallModel call -> execute(call, null);
                case Next.Act act -> execute(null, act);
                case Next.Finish finish when finish.reason() == TerminalReason.AWAITING_APPROVAL -> execute(null, finish);
                case Next.Finish finish -> complete(finish);
                case Next.Fail fail -> fail(fail);
                case Next.Compact compact -> compact(compact);
                case Next.Announce announce -> throw new IllegalStateException("no decision to announce in PLANNING");
                case Next.Tell tell -> throw new IllegalStateException("nothing to tell the model in PLANNING");
            }
        }

        /** In OBSERVING: continue (back to PLANNING), compact, stop, or fail. */
        void observe() {
            Next next = decider.observe(run.state, run.conversation());
            switch (next) {
                case null -> machine.move(AgentState.PLANNING);
                case Next.Finish finish -> complete(finish);
                case Next.Fail fail -> fail(fail);
                case Next.Announce announce -> run.events.publish(announce.decision());
                case Next.Tell tell -> {
                    Message note = UserMessage.of(tell.text());
                    run.state.add(note);
                    run.remember(List.of(note));
                    run.events.publish(new AgentEvent.Decision(DecisionKind.CONTINUE, tell.why()));
                    machine.move(AgentState.PLANNING);
                }
                case Next.Compact compact -> compact(compact);
                case Next.CallModel call -> throw new IllegalStateException("a model call is planned, not observed");
                case Next.Act act -> throw new IllegalStateException("a turn's calls are carried out in EXECUTING");
            }
        }

        /**
         * EXECUTING, the inner process: the model call (its machine from IDLE to STREAMING, or to
         * ERROR), then the calls its answer asks for in TOOL_EXECUTING until none is left, then
         * SUCCESS. A resumed run's open turn ({@code first}, with no call) starts in TOOL_EXECUTING.
         * A turn whose calls wait for a person waits here when the runner can (a durable engine),
         * or pauses, the process left in TOOL_EXECUTING. A model call that failed for good ends the
         * run here.
         */
        private void execute(Next.CallModel call, Next first) {
            machine.move(AgentState.EXECUTING);
            Timekeeper time = run.settings.time();
            StateTracker<CallState> process = null;
            Next turn = first;
            if (call != null) {
                Duration streaming = Turns.callModel(run, effects, call);
                if (streaming != null) {
                    process = new StateTracker<>(CallState.STREAMING, streaming, CallState::canMoveTo, run.events, time);
                }
                stopIfAsked();
                turn = decider.turn(run.state);
            } else {
                process = new StateTracker<>(CallState.TOOL_EXECUTING, CallState::canMoveTo, run.events, time);
            }
            boolean paused = false;
            while (turn != null && !paused) {
                if (process != null && process.state() == CallState.STREAMING) {
                    process.move(CallState.TOOL_EXECUTING);
                }
                switch (turn) {
                    case Next.Act act -> Turns.act(run, effects, act, start);
                    case Next.Finish waiting -> {
                        List<CallDecision> decided = effects.awaitDecisions(run.state.waiting());
                        if (decided.isEmpty()) {
                            paused = true;
                        } else {
                            run.state.decided(decided);
                        }
                    }
                    default -> throw new IllegalStateException("not a step of a turn's calls: " + turn);
                }
                if (!paused) {
                    stopIfAsked();
                    turn = decider.turn(run.state);
                }
            }
            if (process != null && !paused) {
                process.move(CallState.SUCCESS);
            }
            Next.Fail failed = decider.failed(run.state, run.conversation());
            if (failed != null) {
                fail(failed);
            } else {
                machine.move(AgentState.OBSERVING);
            }
        }

        private void complete(Next.Finish finish) {
            run.state.complete(finish.reason());
            machine.move(AgentState.COMPLETED);
        }

        private void fail(Next.Fail fail) {
            run.state.fail(fail.error());
            machine.move(AgentState.FAILED);
        }

        private void compact(Next.Compact compact) {
            machine.move(AgentState.COMPACTING);
            AgentException failed = Turns.compact(run, effects, compact);
            if (failed != null) {
                run.state.fail(failed);
                machine.move(AgentState.FAILED);
            } else {
                machine.move(AgentState.PLANNING);
            }
        }
    }

    /** The decider of runs that ask nothing of their own, kept: the same for every such run of an agent. */
    private volatile Decider plain;

    private Decider decider(RunContext run) {
        if (run.output.isPresent() || run.streaming.isPresent()) {
            return new Decider(run.settings, run.output, run.streaming);
        }
        Decider kept = plain;
        if (kept == null || kept.settings() != run.settings) {
            kept = new Decider(run.settings, run.output, run.streaming);
            plain = kept;
        }
        return kept;
    }

    /** Records the outcome of each effect: in the state, the memory, the journal, and the events. */
    private static final class Turns {
        private Turns() {
        }

        /** @return the time the answered call has spent in STREAMING, where it is left; null when it ended in ERROR */
        static Duration callModel(RunContext run, Effects effects, Next.CallModel call) {
            RunState state = run.state;
            state.modelCalled(call.newIteration());
            if (call.newIteration()) {
                run.iterationStartedAt = run.settings.time().nanoTime();
                if (run.events.active()) {
                    run.events.publish(new AgentEvent.IterationStarted(state.iteration(),
                            run.settings.options().maxIterations()));
                }
            }
            if (call.withoutTools()) {
                state.summaryAsked();
            }
            switch (effects.callModel(call.request(), call.newIteration())) {
                case ModelCall.Outcome.Answered answered -> {
                    AssistantMessage turn = call.withoutTools() ? ModelCall.withoutToolCalls(answered.message())
                            : answered.message();
                    answer(run, effects, turn, call.withoutTools());
                    return answered.streaming();
                }
                case ModelCall.Outcome.Aborted aborted -> {
                    if (aborted.partial().isPresent()) {
                        answer(run, effects, aborted.partial().get(), true); // counts its usage, the call's
                    } else if (!aborted.spent().equals(Usage.ZERO)) {
                        run.addUsage(aborted.spent(), AgentEvent.UsageUpdated.Source.MODEL_CALL);
                    }
                    state.stoppedFor(run.control.reason().orElse(TerminalReason.CANCELLED));
                    return null;
                }
                case ModelCall.Outcome.Failed failed -> {
                    if (call.withoutTools()) {
                        log.warn("run {}: the final summary call failed; the run ends without it: {}", run.id,
                                failed.error().getMessage());
                    } else {
                        state.modelFailed(failed.error());
                    }
                    return null;
                }
            }
        }

        /** A model turn: on record before any of its calls starts. */
        private static void answer(RunContext run, Effects effects, AssistantMessage turn, boolean withoutTools) {
            run.journal.turn(turn);
            boolean calls = !withoutTools && turn.hasToolCalls();
            AssistantMessage added = run.state.answered(turn, withoutTools, calls ? run.settings.time().now() : null);
            if (added != null) {
                run.remember(List.of(added));
                iterationEnded(run, effects, 0);
            }
            run.addUsage(turn.usage(), AgentEvent.UsageUpdated.Source.MODEL_CALL);
        }

        static void act(RunContext run, Effects effects, Next.Act act, RunStart start) {
            RunState state = run.state;
            List<CallOutcome> outcomes = effects.act(act.plans(), act.remember());
            Instant at = run.settings.time().now();
            for (CallOutcome outcome : outcomes) {
                switch (outcome) {
                    case CallOutcome.Finished finished -> state.finished(finished.asked(), finished.executed(),
                            finished.result(), finished.duration(), at);
                    case CallOutcome.Pending pending -> state.pending(pending.pending(), at);
                }
            }
            io.agentloop.api.message.ToolMessage results = state.closeTurnIfDone();
            if (results == null) {
                return;
            }
            run.remember(List.of(state.lastAnswer(), results));
            iterationEnded(run, effects, results.results().size());
            if (start.laterTask().isPresent() && !run.laterTaskAdded) {
                run.laterTaskAdded = true;
                Message task = start.laterTask().get();
                state.add(task);
                run.remember(List.of(task));
                List<Message> input = new ArrayList<>(start.input());
                input.add(task);
                run.journal.input(input);
            }
        }

        private static void iterationEnded(RunContext run, Effects effects, int toolCalls) {
            effects.iterationEnded();
            if (run.iterationStartedAt != 0 && run.events.active()) {
                run.events.publish(new AgentEvent.IterationCompleted(run.state.iteration(),
                        Duration.ofNanos(run.settings.time().nanoTime() - run.iterationStartedAt), toolCalls));
                run.iterationStartedAt = 0;
            }
        }

        /** @return the failure, or null when the conversation was compacted */
        static AgentException compact(RunContext run, Effects effects, Next.Compact compact) {
            List<Message> before = run.conversation();
            switch (effects.compact(before, compact.targetMessages(), compact.targetTokens())) {
                case Effects.Compaction.Failed failed -> {
                    return failed.error();
                }
                case Effects.Compaction.Done done -> {
                    run.state.compacted(done.messages(), compact.forLength());
                    run.replaceConversation(done.messages());
                    run.journal.compacted(done.messages());
                    run.events.publish(new AgentEvent.Compacted(before.size(), done.messages().size(), done.strategy()));
                    if (compact.forLength()) {
                        run.events.publish(new AgentEvent.Decision(DecisionKind.COMPACT, compact.why()));
                    }
                    return null;
                }
            }
        }
    }
}
