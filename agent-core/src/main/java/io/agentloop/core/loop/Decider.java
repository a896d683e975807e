package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.memory.TokenEstimator;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatOptions;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.model.ToolChoice;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.Completion;
import io.agentloop.api.run.DecisionPolicy;
import io.agentloop.api.run.RunOptions;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.registry.PluginCode;
import io.agentloop.core.tool.CallPlan;
import io.agentloop.core.tool.ToolSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides what a run does next, from its state alone ({@link RunState}). Every decision keeps three
 * rules, so that the same record always gives the same decisions, in this process or replayed by
 * another effect runner (a durable engine that replays its workflow after a crash):
 * <ul>
 *   <li>no clock, no randomness, no I/O: whatever happened outside comes in as a recorded outcome
 *       (a model turn, a tool result, a stop), never read here;</li>
 *   <li>no collaborator but configuration and functions that keep the same rules: the options, the
 *       tools' declarations, the output schema, the token estimator and the decision policy
 *       (plugins: their contracts ask the same of them);</li>
 *   <li>it changes only the state's counters; a message joins the conversation through an outcome
 *       or a {@link Next.Tell}.</li>
 * </ul>
 */
final class Decider {
    static final String DOES_NOT_MATCH = "Your answer does not match the required JSON Schema: ";
    static final String ANSWER_AGAIN = ". Answer again with only a JSON value that matches it.";
    static final String SUMMARY_REQUEST = "You have reached the limit of steps for this task and cannot call any "
            + "more tools. Summarise what you found and did so far, what is left to do, and give your best answer.";
    static final String INTERRUPTED = "interrupted: the run stopped while this tool call was running, and it was "
            + "not run again. Check what it may have done before calling it again.";

    private final LoopSettings settings;
    private final RunOptions options;
    private final ChatOptions chatOptions;
    private final ToolSet tools;
    private final DecisionPolicy policy;
    private final CompactionTrigger compaction;
    private final TokenEstimator estimator;
    private final Optional<OutputSchema> output;
    private final CompletionRule completion;

    /**
     * @param streaming the run's choice of streaming its model calls (empty: the model's setting)
     * @throws IllegalArgumentException when the completion setting cannot work with the agent's tools
     */
    Decider(LoopSettings settings, Optional<OutputSchema> output, Optional<Boolean> streaming) {
        this.settings = settings;
        this.options = settings.options();
        ChatOptions asked = output.map(o -> settings.chatOptions().withResponseSchema(o.schema()))
                .orElse(settings.chatOptions());
        this.chatOptions = streaming.map(asked::withStream).orElse(asked);
        this.tools = settings.tools();
        this.policy = settings.decisions();
        this.compaction = new CompactionTrigger(settings.options().compaction(), settings.estimator(),
                settings.model());
        this.estimator = settings.estimator();
        this.output = output;
        this.completion = new CompletionRule(settings.options().completion(), settings.tools());
    }

    LoopSettings settings() {
        return settings;
    }

    /**
     * In {@code PLANNING}, before the inner process: the calls of a turn left open by the run before
     * (a resumed run), the end of a stopped run, the iteration limit (with its final summary), a
     * compaction that is due, or the next model call.
     */
    Next plan(RunState state, List<Message> conversation) {
        Next turn = turn(state);
        if (turn != null) {
            return turn;
        }
        if (state.stopped().isPresent()) {
            return new Next.Finish(state.stopped().get(), "stopped");
        }
        if (state.summaryMade()) {
            return new Next.Finish(TerminalReason.MAX_ITERATIONS, "the iteration limit was reached");
        }
        return nextCall(state, conversation);
    }

    /**
     * In {@code EXECUTING}, the inner process's tool calls: what is left of the open turn's calls
     * ({@link Next.Act}), a {@link Next.Finish} with {@link TerminalReason#AWAITING_APPROVAL} when
     * only calls waiting for a person are left, or null when nothing is left to carry out.
     */
    Next turn(RunState state) {
        return state.openTurn().isPresent() ? carryOutTurn(state) : null;
    }

    /**
     * At the end of {@code EXECUTING}: the failure that ends the run there, or null when the inner
     * process did not fail for good (a conversation the provider found too long is compacted,
     * decided in {@code OBSERVING}).
     */
    Next.Fail failed(RunState state, List<Message> conversation) {
        if (state.stopped().isPresent() || state.modelFailure().isEmpty()) {
            return null;
        }
        return afterFailure(state, state.modelFailure().get(), conversation) instanceof Next.Fail fail ? fail : null;
    }

    /**
     * In {@code OBSERVING}, after the inner process: stop (answered, stuck, stopped, a turn paused
     * for approval, the policy's stop), compact, fail, a note for the model, or the policy's
     * decision to announce; null when the run goes on to plan its next step.
     */
    Next observe(RunState state, List<Message> conversation) {
        Next turn = turn(state);
        if (turn != null) {
            return turn;
        }
        if (state.stopped().isPresent()) {
            return new Next.Finish(state.stopped().get(), "stopped");
        }
        if (state.summaryMade()) {
            return new Next.Finish(TerminalReason.MAX_ITERATIONS, "the iteration limit was reached");
        }
        if (state.modelFailure().isPresent()) {
            return afterFailure(state, state.modelFailure().get(), conversation);
        }
        if (state.unobserved()) {
            return assess(state, conversation);
        }
        if (state.policySaid().isPresent()) {
            DecisionPolicy.Decision said = state.policySaid().get();
            switch (said.kind()) {
                case STOP -> {
                    return new Next.Finish(said.stopReason().orElseThrow(), said.reason());
                }
                case COMPACT -> {
                    return new Next.Compact(said.reason(), compaction.targetMessages(), compaction.targetTokens(),
                            false);
                }
                case CONTINUE -> {
                    // the next iteration
                }
            }
        }
        return null;
    }

    /**
     * The open turn's calls that are left: finished ones keep their results; a call a person
     * decided on runs (approved) or gets the denial; one that started and did not finish is
     * reported as interrupted unless its tool is safe to repeat; the rest run. Null when nothing is
     * left to carry out.
     */
    private Next carryOutTurn(RunState state) {
        List<ToolCall> calls = state.openTurn().orElseThrow().toolCalls();
        List<CallPlan> plans = new ArrayList<>(calls.size());
        List<String> remember = List.of();
        int waiting = 0;
        boolean stopped = state.stopped().isPresent();
        for (ToolCall call : calls) {
            switch (state.stage(call.id())) {
                case FINISHED -> {
                    // its result is on record
                }
                case STARTED -> plans.add(stopped ? new CallPlan.Settle(call, cancelled(call))
                        : safeToRepeat(call) ? new CallPlan.Run(call, false)
                        : new CallPlan.Settle(call, new ToolResult.Failure(ToolResult.Failure.INTERRUPTED, INTERRUPTED)));
                case PENDING -> {
                    Optional<CallDecision> decision = state.decision(call.id());
                    if (decision.isPresent()) {
                        CallDecision d = decision.get();
                        if (!d.approved()) {
                            plans.add(new CallPlan.Settle(call, denied(d)));
                        } else if (stopped) {
                            waiting++; // approved, and it runs when the run goes on
                        } else {
                            plans.add(new CallPlan.Run(call, true));
                            if (d.approval() == io.agentloop.api.permission.Approval.ALLOW_ALWAYS) {
                                remember = new ArrayList<>(remember);
                                remember.addAll(state.pendingCall(call.id()).rememberAs());
                            }
                        }
                    } else if (state.movedOn()) {
                        plans.add(new CallPlan.Settle(call, new ToolResult.Failure(ToolResult.Failure.DENIED,
                                "not run: the user went on without approving this call")));
                    } else {
                        waiting++;
                    }
                }
                case NOT_STARTED -> {
                    if (stopped) {
                        plans.add(new CallPlan.Settle(call, cancelled(call)));
                    } else if (completion.finishes(call)) {
                        plans.add(new CallPlan.Settle(call, completion.settle(call)));
                    } else {
                        Optional<ToolResult> repeated = state.stuck().check(call);
                        plans.add(repeated.isPresent() ? new CallPlan.Settle(call, repeated.get())
                                : new CallPlan.Run(call, false));
                    }
                }
            }
        }
        if (!plans.isEmpty()) {
            return new Next.Act(plans, remember);
        }
        if (waiting > 0 && !stopped) {
            return new Next.Finish(TerminalReason.AWAITING_APPROVAL, waiting + " tool call" + (waiting == 1 ? "" : "s")
                    + " of the turn wait" + (waiting == 1 ? "s" : "") + " for a person's approval");
        }
        return null;
    }

    private boolean safeToRepeat(ToolCall call) {
        ToolSet.Entry entry = tools.get(call.name());
        return entry != null && entry.tool().safeToRepeat();
    }

    private static ToolResult denied(CallDecision decision) {
        return new ToolResult.Failure(ToolResult.Failure.DENIED, "denied by the user"
                + decision.reason().map(r -> ": " + r).orElse("") + ". Do not retry the same call; ask the user or "
                + "try another way");
    }

    private static ToolResult cancelled(ToolCall call) {
        return new ToolResult.Failure(ToolResult.Failure.CANCELLED, "the run was stopped before tool '" + call.name()
                + "' ran");
    }

    /** The model call failed: compact and call once more when the provider found the conversation too long. */
    private Next afterFailure(RunState state, AgentException error, List<Message> conversation) {
        if (tooLong(error) && !state.compactedForLength()) {
            long sent = estimator.estimate(conversation);
            return new Next.Compact("the provider said the conversation is too long (" + error.getMessage()
                    + "): compacted it, calling once more", Math.max(1, conversation.size() / 2), Math.max(1, sent / 2),
                    true);
        }
        return new Next.Fail(error);
    }

    private static boolean tooLong(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof ContextLengthExceededException) {
                return true;
            }
        }
        return false;
    }

    /** A turn whose calls all ended (or that had none): check it, and ask the decision policy. */
    private Next assess(RunState state, List<Message> conversation) {
        state.observed();
        if (!options.continueOnError()) {
            for (ToolCallRecord record : state.lastCalls()) {
                if (record.result().isError()) {
                    return new Next.Fail(new AgentException("tool '" + record.call().name() + "' (call "
                            + record.call().id() + ") failed and continueOnError is off: " + record.result().content()));
                }
            }
        }
        Optional<String> finished = completion.finalAnswer(state.lastCalls());
        if (finished.isPresent()) {
            state.finishedWith(finished.get());
            DecisionPolicy.Decision done = DecisionPolicy.Decision.stop(TerminalReason.ANSWERED,
                    "the model called " + Completion.FINISH + " with its final answer");
            state.policySaid(done);
            return new Next.Announce(new AgentEvent.Decision(done.kind(), done.reason()));
        }
        if (!state.lastTurnCalledTools() && !state.stuck().stuck()) {
            Optional<String> note = completion.missingMarker(state.lastAnswerText());
            if (note.isPresent() && state.noteMissingMarker()) {
                return new Next.Tell(note.get(), "the answer does not carry the completion marker: sent back once");
            }
        }
        if (output.isPresent() && !state.lastTurnCalledTools() && !state.stuck().stuck()) {
            switch (output.get().check(state.lastAnswerText())) {
                case OutputSchema.Check.Valid valid -> state.outputValue(valid.value());
                case OutputSchema.Check.Invalid invalid -> {
                    int answers = state.countOutputCheck();
                    int allowed = options.outputRetries() + 1;
                    if (answers >= allowed) {
                        return new Next.Fail(new AgentException("the answer did not match the output schema after "
                                + answers + " answer(s); the last: " + invalid.violations()));
                    }
                    return new Next.Tell(DOES_NOT_MATCH + invalid.violations() + ANSWER_AGAIN, "the answer did not "
                            + "match the output schema (" + answers + " of " + allowed + " allowed): "
                            + invalid.violations());
                }
            }
        }
        DecisionPolicy.Observation observation = new DecisionPolicy.Observation(state.iteration(),
                state.lastTurnCalledTools(), state.stuck().stuck() ? Optional.of(state.stuck().description())
                : Optional.empty(), Optional.ofNullable(compactionReason(state, conversation)), conversation);
        DecisionPolicy.Decision decision = PluginCode.call(policy, () -> policy.decide(observation));
        state.policySaid(decision);
        return new Next.Announce(new AgentEvent.Decision(decision.kind(), decision.reason()));
    }

    /**
     * Why the conversation must be compacted, or null: asked once per conversation (the estimate
     * reads every message), the same answer when a later decision looks at the same messages.
     */
    private String compactionReason(RunState state, List<Message> conversation) {
        Optional<String> checked = state.compactionChecked(conversation);
        if (checked.isPresent()) {
            return checked.get().isEmpty() ? null : checked.get();
        }
        String reason = compaction.reason(conversation);
        state.compactionChecked(conversation, reason);
        return reason;
    }

    /** The next model call: the final summary at the iteration limit, a compaction first when it is due. */
    private Next nextCall(RunState state, List<Message> conversation) {
        if (state.callAgain()) {
            return new Next.CallModel(new ChatRequest(conversation, completion.offered(), chatOptions), false, false);
        }
        if (state.iteration() >= options.maxIterations()) {
            if (options.finalSummary()) {
                List<Message> messages = new ArrayList<>(conversation);
                messages.add(UserMessage.of(SUMMARY_REQUEST));
                // no tools offered: the summary is the last call, and its answer ends the run
                return new Next.CallModel(new ChatRequest(messages, List.of(),
                        chatOptions.withToolChoice(ToolChoice.NONE)), false, true);
            }
            return new Next.Finish(TerminalReason.MAX_ITERATIONS, "the iteration limit was reached");
        }
        String why = state.justCompacted() ? null : compactionReason(state, conversation);
        if (why != null) {
            return new Next.Compact(why, compaction.targetMessages(), compaction.targetTokens(), false);
        }
        return new Next.CallModel(new ChatRequest(conversation, completion.offered(), chatOptions), true, false);
    }
}
