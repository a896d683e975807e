package io.agentloop.core.loop;

import io.agentloop.api.AgentException;
import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.run.AgentState;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.api.run.ToolCallRecord;
import io.agentloop.core.workspace.ExecutableConfigChanges;
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where one run stands: its conversation, its counters, the turn whose tool calls are being carried
 * out and how far each got, and how it ended. Plain data, no collaborators: the {@link Decider}
 * reads it to choose the next step, and only recorded outcomes change it, so the same record gives
 * the same decisions wherever it is replayed. Owned by the run's thread, except the usage, which
 * tools that run models of their own add to from theirs. It is one file because every change to a
 * run's state is here, where it can be checked that only recorded outcomes make one.
 */
final class RunState {
    final String runId;
    /** Every message of the run, for its result: what the memory leaves out is still here. */
    private final List<Message> transcript = new ArrayList<>();
    private final List<ToolCallRecord> toolCalls = new ArrayList<>();
    private final ExecutableConfigChanges executableConfig = new ExecutableConfigChanges();
    private final StuckDetector stuck;
    private volatile int iteration;
    private Usage usage = Usage.ZERO;
    private AssistantMessage lastAnswer;

    /** The conversation the compaction trigger last looked at, and what it said (null: no need). */
    private List<Message> checkedConversation;
    private String compactionReason;

    /** When the open turn came (its calls that never started stand since then). */
    private Instant turnAt;
    /** The turn whose calls are being carried out; null between turns. */
    private AssistantMessage turn;
    /** How far each call of the open turn got, by call id (absent: not started); made at the first turn with calls. */
    private Map<String, Progress> calls = Map.of();
    /** Decisions on pending calls, by call id; made only when a run goes on with some (most runs have none). */
    private Map<String, CallDecision> decisions = Map.of();
    /** A new task came with a resumption: calls still waiting for a person are denied, not waited for. */
    private boolean movedOn;

    /** The last turn's tool calls all ended (or it had none), and no decision has looked at it yet. */
    private boolean unobserved;
    private boolean lastTurnCalledTools;
    private boolean justCompacted;
    private boolean summaryMade;
    /** The model said the conversation is too long; compacting and calling once more is under way. */
    private boolean compactedForLength;
    /** Compacted because the model found the conversation too long: the same call is to be made again. */
    private boolean callAgain;
    /** What the decision policy said about the last turn, until it is carried out. */
    private io.agentloop.api.run.DecisionPolicy.Decision policySaid;
    private AgentException modelFailure;
    private int outputChecks;
    private Object outputValue;
    /** An answer without the completion marker was sent back (once per run). */
    private boolean markerNoted;
    /** The final answer the model gave through the finish tool; null otherwise. */
    private String finishedWith;

    /** Why the run was stopped from outside (a cancellation, a timeout, a hook), once it was. */
    private TerminalReason stopped;
    private TerminalReason reason;
    private AgentException error;

    RunState(String runId, int stuckThreshold) {
        this.runId = runId;
        this.stuck = new StuckDetector(stuckThreshold);
    }

    // ---- what the run starts from

    void start(List<Message> history, Optional<OpenTurn> open, List<CallDecision> given, boolean newTask) {
        for (Message message : history) { // one by one: addAll copies the list first, and grows the array to fit
            transcript.add(message);
        }
        movedOn = newTask;
        if (given.isEmpty() && open.isEmpty()) {
            return;
        }
        decisions = new HashMap<>();
        calls = new HashMap<>();
        for (CallDecision decision : given) {
            decisions.put(decision.callId(), decision);
        }
        if (open.isPresent()) {
            turn = open.get().turn();
            lastAnswer = turn;
            lastTurnCalledTools = true;
            for (CallProgress progress : open.get().calls()) {
                calls.put(progress.call().id(), new Progress(progress.stage(), progress.result().orElse(null),
                        progress.pending().orElse(null), progress.at()));
                progress.decision().ifPresent(d -> decisions.putIfAbsent(d.callId(), d));
            }
        }
    }

    /** A person decided on waiting calls while the run waited (a durable engine's signal). */
    void decided(List<CallDecision> given) {
        if (decisions.isEmpty()) {
            decisions = new HashMap<>();
        }
        for (CallDecision decision : given) {
            decisions.put(decision.callId(), decision);
        }
    }

    // ---- what decisions read

    int iteration() {
        return iteration;
    }

    StuckDetector stuck() {
        return stuck;
    }

    Optional<AssistantMessage> openTurn() {
        return Optional.ofNullable(turn);
    }

    /** Where a call of the open turn stands. */
    CallProgress.Stage stage(String callId) {
        Progress progress = calls.get(callId);
        return progress == null ? CallProgress.Stage.NOT_STARTED : progress.stage;
    }

    /** What a pending call of the open turn waits for. */
    PendingCall pendingCall(String callId) {
        return calls.get(callId).pending;
    }

    Optional<CallDecision> decision(String callId) {
        return Optional.ofNullable(decisions.get(callId));
    }

    /** The open turn's calls that wait for a person's decision, in the turn's order. */
    List<PendingCall> waiting() {
        List<PendingCall> waiting = new ArrayList<>();
        for (ToolCall call : openTurn().map(AssistantMessage::toolCalls).orElse(List.of())) {
            if (stage(call.id()) == CallProgress.Stage.PENDING && !decisions.containsKey(call.id())) {
                waiting.add(pendingCall(call.id()));
            }
        }
        return waiting;
    }

    boolean movedOn() {
        return movedOn;
    }

    boolean unobserved() {
        return unobserved;
    }

    boolean lastTurnCalledTools() {
        return lastTurnCalledTools;
    }

    /** The last turn's calls with their results, in the order they ended. */
    List<ToolCallRecord> lastCalls() {
        List<ToolCallRecord> last = new ArrayList<>();
        for (int i = toolCalls.size() - 1; i >= 0 && toolCalls.get(i).iteration() == iteration; i--) {
            last.addFirst(toolCalls.get(i));
        }
        return last;
    }

    boolean callAgain() {
        return callAgain;
    }

    Optional<io.agentloop.api.run.DecisionPolicy.Decision> policySaid() {
        return Optional.ofNullable(policySaid);
    }

    void policySaid(io.agentloop.api.run.DecisionPolicy.Decision decision) {
        policySaid = decision;
    }

    /** What the compaction trigger said about this very conversation, if it looked at it already. */
    Optional<String> compactionChecked(List<Message> conversation) {
        return conversation == checkedConversation ? Optional.of(compactionReason == null ? "" : compactionReason)
                : Optional.empty();
    }

    void compactionChecked(List<Message> conversation, String reason) {
        checkedConversation = conversation;
        compactionReason = reason;
    }

    /** The model's last turn (the open turn while its calls are carried out). */
    AssistantMessage lastAnswer() {
        return lastAnswer;
    }

    String lastAnswerText() {
        return lastAnswer == null ? "" : lastAnswer.text();
    }

    boolean justCompacted() {
        return justCompacted;
    }

    boolean summaryMade() {
        return summaryMade;
    }

    boolean compactedForLength() {
        return compactedForLength;
    }

    Optional<AgentException> modelFailure() {
        return Optional.ofNullable(modelFailure);
    }

    Optional<TerminalReason> stopped() {
        return Optional.ofNullable(stopped);
    }

    /** The conversation so far (the turn under way not included). */
    List<Message> transcript() {
        return List.copyOf(transcript);
    }

    boolean ended() {
        return reason != null || error != null;
    }

    // ---- what decisions change (counters only: a message comes in through a recorded outcome or a Tell)

    void observed() {
        unobserved = false;
    }

    int countOutputCheck() {
        return ++outputChecks;
    }

    void outputValue(Object value) {
        outputValue = value;
    }

    /** Whether an answer without the completion marker is to be sent back: the first time only. */
    boolean noteMissingMarker() {
        boolean first = !markerNoted;
        markerNoted = true;
        return first;
    }

    /** The model ended the run through the finish tool with this final answer. */
    void finishedWith(String answer) {
        finishedWith = answer;
    }

    void complete(TerminalReason why) {
        reason = why;
    }

    void fail(AgentException failure) {
        error = failure;
    }

    // ---- recorded outcomes

    /** The run was stopped from outside; the first reason stays. */
    void stoppedFor(TerminalReason why) {
        if (stopped == null) {
            stopped = why;
        }
    }

    /** A message added to the conversation (the input, a note to the model). */
    void add(Message message) {
        transcript.add(message);
    }

    /** A model call is made: the next iteration's, unless it is the final summary or a retry after compaction. */
    void modelCalled(boolean newIteration) {
        if (newIteration) {
            iteration++;
            stuck.nextTurn();
            compactedForLength = false;
        }
        justCompacted = false;
        callAgain = false;
        modelFailure = null;
        policySaid = null;
    }

    /**
     * The model's turn. Without tool calls it joins the conversation now; with them it becomes the
     * open turn, and joins the conversation with its results once they are all in.
     *
     * @param at when the turn came (for its calls' progress; unused without calls)
     * @return the message to add to the conversation now, or null
     */
    AssistantMessage answered(AssistantMessage answer, boolean withoutTools, Instant at) {
        lastAnswer = answer;
        if (withoutTools || !answer.hasToolCalls()) {
            transcript.add(answer);
            lastTurnCalledTools = false;
            unobserved = true;
            return answer;
        }
        turn = answer;
        turnAt = at;
        if (calls.isEmpty()) {
            calls = new HashMap<>();
        }
        calls.clear();
        lastTurnCalledTools = true;
        return null;
    }

    void modelFailed(AgentException failure) {
        modelFailure = failure;
    }

    /** The final summary was asked for (whether or not it came). */
    void summaryAsked() {
        summaryMade = true;
    }

    void compacted(List<Message> conversation, boolean forLength) {
        transcript.clear();
        transcript.addAll(conversation);
        justCompacted = true;
        policySaid = null;
        if (forLength) {
            compactedForLength = true;
            callAgain = true;
            modelFailure = null;
        }
    }

    /** A call of the open turn ended with this result. */
    void finished(ToolCall asked, ToolCall executed, ToolResult result, Duration duration, Instant at) {
        calls.put(asked.id(), new Progress(CallProgress.Stage.FINISHED, new ToolResultBlock(asked.id(), executed.name(),
                result.content(), result.isError()), null, at));
        toolCalls.add(new ToolCallRecord(iteration, executed, result, duration));
    }

    /** A call of the open turn waits for a person's decision. */
    void pending(PendingCall pending, Instant at) {
        calls.put(pending.call().id(), new Progress(CallProgress.Stage.PENDING, null, pending, at));
        if (!decisions.isEmpty()) {
            decisions.remove(pending.call().id());
        }
    }

    /**
     * Closes the open turn once every call has its result: the turn and the results join the
     * conversation.
     *
     * @return the results, which join the conversation after the turn; null while calls are not finished
     */
    ToolMessage closeTurnIfDone() {
        if (turn == null) {
            return null;
        }
        List<ToolCall> asked = turn.toolCalls();
        List<ToolResultBlock> results = new ArrayList<>(asked.size());
        for (ToolCall call : asked) {
            Progress progress = calls.get(call.id());
            if (progress == null || progress.stage != CallProgress.Stage.FINISHED) {
                return null;
            }
            results.add(progress.result);
        }
        ToolMessage added = new ToolMessage(results);
        transcript.add(turn);
        transcript.add(added);
        turn = null;
        calls.clear();
        unobserved = true;
        return added;
    }

    synchronized void addUsage(Usage spent) {
        usage = usage.plus(spent);
    }

    synchronized Usage usage() {
        return usage;
    }

    RunResult result(AgentState state, Duration duration) {
        Optional<OpenTurn> open = turn == null ? Optional.empty() : Optional.of(openTurnAsIs());
        return new RunResult(runId, state, state == AgentState.COMPLETED ? Optional.of(reason) : Optional.empty(),
                finishedWith != null ? Optional.of(AssistantMessage.of(finishedWith)) : Optional.ofNullable(lastAnswer),
                transcript, iteration, toolCalls, usage(), duration,
                Optional.ofNullable(error), Optional.ofNullable(outputValue), open, executableConfig.paths());
    }

    /** The files other programs run that the run's calls changed (the calls add to it from their threads). */
    ExecutableConfigChanges executableConfig() {
        return executableConfig;
    }

    /** The open turn as the API shows it: each call and how far it got, in call order. */
    private OpenTurn openTurnAsIs() {
        List<CallProgress> progress = new ArrayList<>();
        for (ToolCall call : turn.toolCalls()) {
            Progress p = calls.get(call.id());
            progress.add(p == null ? CallProgress.notStarted(call, turnAt != null ? turnAt : Instant.EPOCH)
                    : new CallProgress(call, p.stage, Optional.ofNullable(p.result), Optional.ofNullable(p.pending),
                            p.stage == CallProgress.Stage.PENDING ? decision(call.id()) : Optional.empty(), p.at));
        }
        return new OpenTurn(turn, progress);
    }

    /** How far one call got: its stage, its result once finished, what it waits for when pending. */
    private record Progress(CallProgress.Stage stage, ToolResultBlock result, PendingCall pending, Instant at) {
    }
}
