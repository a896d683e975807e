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
import io.agentloop.api.tool.ToolResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where one run stands: its conversation, its counters, the turn whose tool calls are being carried
 * out and how far each got, and how it ended. Plain data, no collaborators: the {@link Decider}
 * reads it to choose the next step, and only recorded outcomes change it, so the same record gives
 * the same decisions wherever it is replayed. Owned by the run's thread, except the usage, which
 * tools that run models of their own add to from theirs.
 */
final class RunState {
    final String runId;
    /** Every message of the run, for its result: what the memory leaves out is still here. */
    private final List<Message> transcript = new ArrayList<>();
    private final List<ToolCallRecord> toolCalls = new ArrayList<>();
    private final StuckDetector stuck;
    private volatile int iteration;
    private Usage usage = Usage.ZERO;
    private AssistantMessage lastAnswer;

    /** The turn whose calls are being carried out; null between turns. */
    private AssistantMessage turn;
    /** How far each call of the open turn got, in call order; made at the first turn with calls. */
    private Map<String, CallProgress> calls = Map.of();
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
        decisions = new LinkedHashMap<>();
        calls = new LinkedHashMap<>();
        for (CallDecision decision : given) {
            decisions.put(decision.callId(), decision);
        }
        if (open.isPresent()) {
            turn = open.get().turn();
            lastAnswer = turn;
            lastTurnCalledTools = true;
            for (CallProgress progress : open.get().calls()) {
                calls.put(progress.call().id(), progress);
                progress.decision().ifPresent(d -> decisions.putIfAbsent(d.callId(), d));
            }
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

    /** The open turn's calls, in call order (a view: read it, do not keep it). */
    java.util.Collection<CallProgress> calls() {
        return calls.values();
    }

    Optional<CallDecision> decision(String callId) {
        return Optional.ofNullable(decisions.get(callId));
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
        if (calls.isEmpty()) {
            calls = new LinkedHashMap<>();
        }
        calls.clear();
        for (ToolCall call : answer.toolCalls()) {
            calls.put(call.id(), CallProgress.notStarted(call, at));
        }
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
        calls.put(asked.id(), new CallProgress(asked, CallProgress.Stage.FINISHED, Optional.of(new ToolResultBlock(
                asked.id(), executed.name(), result.content(), result.isError())), Optional.empty(), Optional.empty(),
                at));
        toolCalls.add(new ToolCallRecord(iteration, executed, result, duration));
    }

    /** A call of the open turn waits for a person's decision. */
    void pending(PendingCall pending, Instant at) {
        calls.put(pending.call().id(), new CallProgress(pending.call(), CallProgress.Stage.PENDING, Optional.empty(),
                Optional.of(pending), Optional.empty(), at));
        if (!decisions.isEmpty()) {
            decisions.remove(pending.call().id());
        }
    }

    /**
     * Closes the open turn once every call has its result: the turn and the results join the
     * conversation.
     *
     * @return the two messages to add to the conversation, or empty while calls are not finished
     */
    List<Message> closeTurnIfDone() {
        if (turn == null) {
            return List.of();
        }
        List<ToolResultBlock> results = new ArrayList<>(calls.size());
        for (CallProgress call : calls.values()) {
            if (call.stage() != CallProgress.Stage.FINISHED) {
                return List.of();
            }
            results.add(call.result().orElseThrow());
        }
        List<Message> added = List.of(turn, new ToolMessage(results));
        transcript.add(turn);
        transcript.add(added.get(1));
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
        Optional<OpenTurn> open = turn == null ? Optional.empty()
                : Optional.of(new OpenTurn(turn, List.copyOf(calls.values())));
        return new RunResult(runId, state, state == AgentState.COMPLETED ? Optional.of(reason) : Optional.empty(),
                Optional.ofNullable(lastAnswer), transcript, iteration, toolCalls, usage(), duration,
                Optional.ofNullable(error), Optional.ofNullable(outputValue), open);
    }
}
