package io.agentloop.api.run;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.Usage;

/**
 * What a run goes on from: the conversation so far, the turn it stopped in (if its calls did not
 * all finish), decisions on the calls that wait for approval, and optionally a new task.
 *
 * <p>Going on with no new task after a paused or crashed run: approved calls run exactly once,
 * denied ones reach the model as denials, finished calls keep their recorded results, a call that
 * started and did not finish is reported as interrupted (unless its tool is safe to repeat), calls
 * that never started run, and a model call that did not finish is made again.
 *
 * @param history   the conversation before the open turn (for a session: {@code Session.messages()})
 * @param openTurn  the turn the run stopped in, if its calls did not all finish
 * @param decisions decisions on pending calls (by call id); a pending call without one pauses the run
 *                  again, unless a new task is given, which denies it
 * @param task      a new user message to go on with, or empty to go on where the run stopped
 * @param usedBefore the tokens the run spent before it stopped (a paused run's usage, or what a run
 *                   whose process stopped spent on record): the run that goes on is the same run, so
 *                   its result counts them with its own, each model call once
 */
public record Resumption(List<Message> history, Optional<OpenTurn> openTurn, List<CallDecision> decisions,
                         Optional<String> task, Usage usedBefore) {
    public Resumption {
        history = List.copyOf(history);
        Objects.requireNonNull(openTurn, "openTurn");
        decisions = List.copyOf(decisions);
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(usedBefore, "usedBefore");
    }

    /** Goes on from a record with nothing spent before ({@link Usage#ZERO}). */
    public Resumption(List<Message> history, Optional<OpenTurn> openTurn, List<CallDecision> decisions,
                      Optional<String> task) {
        this(history, openTurn, decisions, task, Usage.ZERO);
    }

    /** Goes on with a paused run's result, with these decisions; its tokens count in the result. */
    public static Resumption of(RunResult paused, List<CallDecision> decisions) {
        return new Resumption(paused.messages(), paused.openTurn(), decisions, Optional.empty(), paused.usage());
    }

    /** The same, having spent {@code spent} before it stopped. */
    public Resumption withUsedBefore(Usage spent) {
        return new Resumption(history, openTurn, decisions, task, spent);
    }
}
